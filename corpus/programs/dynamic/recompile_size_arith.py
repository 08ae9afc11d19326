"""Automatic dynamic: arithmetic on a symbolic size makes a new tensor of that size.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    n = x.shape[0]
    return torch.ones(n * 2) + x.repeat(2)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3))
b = opt(torch.randn(5))
c = opt(torch.randn(8))
print(tuple(a.shape), tuple(b.shape), round(c.sum().item(), 4))
