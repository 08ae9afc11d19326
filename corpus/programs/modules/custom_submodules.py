"""A custom module with named submodules and a helper method.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.proj = nn.Linear(d, d)
        self.act = nn.GELU()

    def residual(self, x, y):
        return x + 0.5 * y

    def forward(self, x):
        return self.residual(x, self.act(self.proj(self.norm(x))))


opt = torch.compile(Block(8), backend="eager")
out = opt(torch.randn(2, 3, 8))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
