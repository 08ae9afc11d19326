"""Enum members looked up by name (Mode['MUL']) and the length of list(Mode): the lookup folds
to the member, whose .value then needs no guard.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import enum

import torch

torch.manual_seed(0)


class Mode(enum.Enum):
    ADD = 1
    MUL = 2


def fn(x, name):
    k = (len(list(Mode)) + Mode["MUL"].value) % 7
    return x * k + Mode[name].value


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), "ADD")
print(tuple(out.shape), round(out.sum().item(), 4))
