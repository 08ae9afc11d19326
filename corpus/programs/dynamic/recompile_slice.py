"""Automatic dynamic after a size change, with a slice by a constant on the dynamic dim.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x[1:] - x[:-1]


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(6))
b = opt(torch.randn(9))
c = opt(torch.randn(12))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
