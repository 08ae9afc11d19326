"""Attribute stores on an nn.Module (a Python int and a tensor) inside forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Counter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0
        self.cache = None

    def forward(self, x):
        self.calls += 1
        self.cache = x.detach() * 2
        return x + self.calls


mod = Counter()
opt = torch.compile(mod, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(mod.calls, round(mod.cache.sum().item(), 4))
