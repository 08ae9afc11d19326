"""The same function called with a 2-d then a 3-d tensor.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.sum(-1) * 2


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(2, 3))
b = opt(torch.ones(2, 3, 4))
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
