# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: CLOSURE_MATCH dict(type(G['_']._member_map_['_']).__mro__[N].__dict__)['_'].fget
# case seed: 9590863986223307888 (dynrr-fuzz --case-seed 9590863986223307888)
# reason: frame 0 (f) diverges: guard missing in core: CLOSURE_MATCH dict(type(G['Mode']._member_map_['ADD']).__mro__[1].__dict__)['name'].fget guard missing in core: CLOSURE_MATCH dict(type(G['Mode']._member_map_['ADD']).__mro__[1].__dict__)['name'].fget guard missing in core: CONSTANT_MATCH G['Mode']._member_map_['ADD']._name_ guard missing in core: DUPLICATE_INPUT G['Mode'].ADD guard missing in core: DUP
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
    t0 = z
    for md in Mode:
        t0 = t0 + md.value
    t1 = x * Mode.MUL.value if Mode.ADD.name == 'ADD' else x
    return t1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
