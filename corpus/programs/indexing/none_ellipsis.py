"""Indexing with None (new axes) and Ellipsis.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x[None], x[:, None, :], x[..., None], x[..., 0], x[None, ..., 1]


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(2, 3, 4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
