"""Automatic dynamic; new_zeros of the input's symbolic shape, filled by a slice copy.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    out = x.new_zeros(x.shape)
    return out + x.exp()


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3, 2))
b = opt(torch.randn(6, 2))
c = opt(torch.randn(8, 2))
print(tuple(a.shape), tuple(b.shape), round(c.sum().item(), 4))
