"""A forward that runs its children() in order instead of naming them.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Chain(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(6, 6)
        self.b = nn.SiLU()
        self.c = nn.Linear(6, 3)

    def forward(self, x):
        for layer in self.children():
            x = layer(x)
        return x


opt = torch.compile(Chain(), backend="eager")
out = opt(torch.randn(2, 6))
print(tuple(out.shape), round(out.double().sum().item(), 4))
