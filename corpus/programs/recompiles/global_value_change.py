"""A module-level constant read by the function changes between calls.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


FACTOR = 2


def fn(x):
    return x * FACTOR


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(3))
FACTOR = 5
b = opt(torch.ones(3))
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
