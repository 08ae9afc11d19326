"""Indexing with positive and negative ints on several dims.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x[0], x[-1], x[1, 2], x[-1, -1, 0]


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(3, 4, 5)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
