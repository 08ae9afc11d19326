"""Enum members read from a class: == and `is` on plain members, a str-mixin enum against str.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import enum

import torch

torch.manual_seed(0)


class Mode(enum.Enum):
    FAST = 1
    SLOW = 2


class Act(str, enum.Enum):
    RELU = "relu"
    TANH = "tanh"


def fn(x, mode):
    y = x * 2 if mode == Mode.FAST else x * 3
    if mode is not Mode.SLOW:
        y = y + 1
    act = Act.TANH
    if act == "tanh" and act != Act.RELU:
        y = torch.tanh(y)
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), Mode.FAST)
print(tuple(out.shape), round(out.sum().item(), 4))
