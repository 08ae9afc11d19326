"""Automatic dynamic: Python control flow on a symbolic size guards it in the shape env.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    if x.shape[0] > 4:
        return x * 2
    return x - 1


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(6))
b = opt(torch.randn(8))
c = opt(torch.randn(10))
print(tuple(a.shape), tuple(b.shape), round(c.sum().item(), 4))
