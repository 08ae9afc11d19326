# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: BUILTIN_MATCH G['_'].operator.mul
# case seed: 10036817954245879986 (dynrr-fuzz --case-seed 10036817954245879986)
# reason: frame 0 (f) diverges: guard missing in core: BUILTIN_MATCH G['__import_torch_dot__dynamo_dot_polyfills_dot_builtins'].operator.mul guard missing in core: BUILTIN_MATCH G['__import_torch_dot__dynamo_dot_polyfills_dot_builtins'].operator.mul guard missing in core: DUPLICATE_INPUT G['operator'] guard extra in core:   BUILTIN_MATCH G['operator'].add guard extra in core:   BUILTIN_MATCH G['operator'].m
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
    i0 = (len(list(itertools.product([n, 1], [n, 2]))) + sum(u * v for u, v in itertools.product([n], [n, 1]))) % 7
    t1 = operator.add(x, x) * operator.mul(n, 2)
    return t1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
