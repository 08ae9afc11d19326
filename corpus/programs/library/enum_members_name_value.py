"""Enum members: .name and .value, identity and equality, membership in a tuple, and the
class called with a value (constant-folded to the member).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import enum

import torch

torch.manual_seed(0)


class Mode(enum.Enum):
    ADD = 1
    MUL = 2


def fn(x, y, n):
    md = Mode(n % 2 + 1)
    out = x + y if md is Mode.ADD else x * y
    if Mode.ADD.name == "ADD" and Mode.MUL in (Mode.MUL, Mode.ADD):
        out = out * Mode.MUL.value
    return out + md.value + int(Mode.ADD == Mode(1))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3), 4)
print(tuple(out.shape), round(out.sum().item(), 4))
