"""Factories sized from the input shape (x.shape[0], x.size(1)).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    z = torch.zeros(x.shape[0], 1)
    o = torch.ones(1, x.size(1))
    return x + z + o, torch.arange(x.shape[1]) * 2


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(3, 6)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
