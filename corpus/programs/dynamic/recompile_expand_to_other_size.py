"""Automatic dynamic on two inputs, one expanded to the other's batch: expand's size
check makes the two batch symbols one.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return x * y.expand(x.shape[0], 4)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3, 4), torch.randn(3, 1))
b = opt(torch.randn(7, 4), torch.randn(7, 1))
print(tuple(a.shape), tuple(b.shape), round(b.sum().item(), 4))
