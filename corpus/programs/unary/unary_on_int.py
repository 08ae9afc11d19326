"""Unary math on an int64 tensor promotes to float (sin, sqrt, exp).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(i):
    return torch.sin(i) + torch.sqrt(i) + torch.exp(-i)


opt = torch.compile(fn, backend="eager")
out = opt(torch.arange(6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
