"""Slices with start, stop, step and negative bounds.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x[1:3], x[:, ::2], x[..., -2:], x[::-1 + 2, 1:-1]


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(4, 6, 5)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
