"""Automatic dynamic on two inputs, then a Python comparison between their sizes: a
shape guard relating two symbols.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    if x.size(0) > y.size(0):
        return x[: y.size(0)] + y
    return x + y[: x.size(0)]


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(5), torch.randn(3))
b = opt(torch.randn(8), torch.randn(4))
print(tuple(a.shape), tuple(b.shape), round(b.sum().item(), 4))
