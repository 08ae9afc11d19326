"""A module subclass overriding forward and calling super().forward().

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x)


class Derived(Base):
    def forward(self, x):
        return super().forward(x).relu() + 1


opt = torch.compile(Derived(), backend="eager")
out = opt(torch.randn(2, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
