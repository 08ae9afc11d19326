# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: CONSTANT_MATCH G['_'].ADD._value_
# case seed: 1820648716783558240 (dynrr-fuzz --case-seed 1820648716783558240)
# reason: frame 0 (f) diverges: guard missing in core: CONSTANT_MATCH G['Mode'].ADD._value_ guard missing in core: CONSTANT_MATCH G['Mode'].ADD._value_ guard missing in core: DUPLICATE_INPUT G['Mode']._member_map_['ADD'] guard missing in core: DUPLICATE_INPUT G['Mode']._member_map_['MUL'] guard missing in core: EQUALS_MATCH G['Mode'].ADD._value_ guard extra in core:   CONSTANT_MATCH G['Mode']._member_map_['
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
    t0 = x * Mode.MUL.value if Mode.ADD.name == 'ADD' else x
    t1 = x
    for md in Mode:
        t1 = t1 + md.value
    return t1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
