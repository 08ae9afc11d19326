"""Automatic dynamic, then a branch on the size differing from a constant that is not the
range's end: a guard `!=` kept beside the range.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    if x.size(0) != 3:
        return x * 3
    return x + 3


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(5))
b = opt(torch.randn(8))
c = opt(torch.randn(9))
print(tuple(a.shape), tuple(b.shape), round(c.sum().item(), 4))
