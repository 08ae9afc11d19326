"""Looping over named_children() and children() in forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Multi(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = nn.Linear(4, 4)
        self.second = nn.Tanh()
        self.third = nn.Linear(4, 4)

    def forward(self, x):
        outs = []
        for name, child in self.named_children():
            x = child(x)
            outs.append(x.sum() * len(name))
        return x + sum(outs) + len(list(self.children()))


opt = torch.compile(Multi(), backend="eager")
out = opt(torch.randn(2, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
