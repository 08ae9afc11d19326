"""Automatic dynamic on two inputs, then a Python equality between their sizes: the
guard makes the two symbols one, and later ops see one size.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    if x.size(0) == y.size(0):
        return x * y + x.size(0)
    return x.sum() + y.sum()


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3), torch.randn(3))
b = opt(torch.randn(6), torch.randn(6))
print(tuple(a.shape), tuple(b.shape), round(b.sum().item(), 4))
