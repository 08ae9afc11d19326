# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: DUPLICATE_INPUT G['_'].ADD
# case seed: 10122544915743483626 (dynrr-fuzz --case-seed 10122544915743483626)
# reason: frame 0 (f) diverges: guard missing in core: DUPLICATE_INPUT G['Mode'].ADD guard missing in core: DUPLICATE_INPUT G['Mode'].ADD guard missing in core: DUPLICATE_INPUT G['Mode'].MUL guard extra in core:   ID_MATCH G['Mode'].ADD guard extra in core:   ID_MATCH G['Mode'].MUL 
import collections
import dataclasses
import enum
import functools
import itertools
import math
import operator
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


Pair = collections.namedtuple('Pair', ['a', 'b'])


@dataclasses.dataclass
class Cfg:
    scale: float = 2.0
    shift: int = 1


class Mode(enum.Enum):
    ADD = 1
    MUL = 2


class Holder:
    def __init__(self, w):
        self.w = w


def lib_affine(a, b, c=1.0):
    return a * b + c


CFG = Cfg()


def f(x, y, z, n, s):
    t0 = x
    for md in Mode:
        t0 = t0 + md.value
    i1 = int(Mode.ADD == Mode(1)) + int(Mode.ADD in (Mode.MUL,))
    return t0


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
