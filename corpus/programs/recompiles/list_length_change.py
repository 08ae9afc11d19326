"""A list argument whose length changes between calls.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(xs):
    return torch.stack(xs).sum(0)


opt = torch.compile(fn, backend="eager")
a = opt([torch.ones(2), torch.ones(2)])
b = opt([torch.ones(2), torch.ones(2), torch.ones(2)])
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
