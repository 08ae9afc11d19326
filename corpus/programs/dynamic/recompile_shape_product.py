"""Automatic dynamic on both dims, flattened by the product of the two sizes.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    b, n = x.shape
    return x.reshape(b * n).softmax(0)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 3))
b = opt(torch.randn(4, 5))
c = opt(torch.randn(3, 7))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
