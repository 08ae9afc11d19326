"""Imports inside the traced function of modules the program never imports at top level.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    import math

    import torch.nn.functional as F

    return F.relu(x) * math.pi + math.sqrt(4.0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
