"""Iterating a constant tuple of floats and a constant list of ints.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    for s in (0.5, 1.5, 2.0):
        x = x * s
    for d in [1, 0]:
        x = x.flip(d)
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
