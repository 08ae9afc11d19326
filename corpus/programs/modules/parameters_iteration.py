"""Iterating parameters() and named_parameters() for a penalty term.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(3, 3)
        self.l2 = nn.Linear(3, 1)

    def forward(self, x):
        penalty = sum(p.pow(2).sum() for p in self.parameters())
        nb = sum(1 for name, _ in self.named_parameters() if name.endswith("bias"))
        return self.l2(self.l1(x)).squeeze(-1) + penalty * 0.01 + nb


opt = torch.compile(Tiny(), backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
