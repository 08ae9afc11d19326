"""The same submodule used twice and reached by two attribute names.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)
        self.dec = self.enc

    def forward(self, x):
        return self.dec(self.enc(x))


opt = torch.compile(Tied(), backend="eager")
out = opt(torch.randn(2, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
