"""Leaving a loop over an Enum class early: only the members reached are guarded.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import enum

import torch

torch.manual_seed(0)


class Level(enum.Enum):
    LOW = 1
    MID = 5
    HIGH = 9


def fn(x, limit):
    t = x
    for lv in Level:
        if lv.value > limit:
            break
        t = t * lv.value
    return t


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), 3)
print(tuple(out.shape), round(out.sum().item(), 4))
