"""A module reached from a global variable inside a compiled function.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


ENCODER = nn.Sequential(nn.Linear(6, 6), nn.SiLU())


def fn(x):
    return ENCODER(x).mean(-1)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
