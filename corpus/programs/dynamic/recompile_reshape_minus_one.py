"""Automatic dynamic on the batch dim, then reshape(-1, k): the inferred dim is symbolic.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.reshape(-1, 4).sum(1) + 1


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3, 8))
b = opt(torch.randn(5, 8))
c = opt(torch.randn(6, 8))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
