"""Picking the last time step of a (batch, time, dim) tensor.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(h):
    return h[:, -1, :] + h[:, 0]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 7, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
