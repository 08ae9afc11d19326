"""Iterating an Enum class (EnumType.__iter__ inlined lazily) and reading members' .value.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import enum

import torch

torch.manual_seed(0)


class Mode(enum.Enum):
    ADD = 1
    MUL = 2
    SUB = 3


def fn(x):
    t = x
    for md in Mode:
        t = t + md.value
    return t


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
