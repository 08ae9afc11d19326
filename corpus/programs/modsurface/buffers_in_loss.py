"""Registered buffers read back through buffers() and named_buffers() in forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Normalizer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("mean", torch.zeros(dim) + 0.5)
        self.register_buffer("scale", torch.ones(dim) * 2.0)
        self.register_buffer("steps", torch.tensor(3.0), persistent=False)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        x = (x - self.mean) / self.scale
        reg = sum(b.sum() for b in self.buffers())
        names = [n for n, _ in self.named_buffers()]
        return self.proj(x) + reg * len(names)


opt = torch.compile(Normalizer(4), backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
