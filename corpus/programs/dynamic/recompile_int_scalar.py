"""Automatic dynamic on an int argument used only as a scalar: it becomes a SymInt input.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, k):
    return x * k + k


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(3), 2)
b = opt(torch.ones(3), 5)
c = opt(torch.ones(3), 7)
print(round(a.sum().item(), 4), round(b.sum().item(), 4), round(c.sum().item(), 4))
