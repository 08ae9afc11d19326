"""A plain int attribute on a module changes between calls.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Repeat(nn.Module):
    def __init__(self):
        super().__init__()
        self.times = 2

    def forward(self, x):
        for _ in range(self.times):
            x = x + 1
        return x


mod = Repeat()
opt = torch.compile(mod, backend="eager")
a = opt(torch.zeros(3))
mod.times = 4
b = opt(torch.zeros(3))
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
