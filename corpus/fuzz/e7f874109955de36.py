# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: core crashed: signal N (SIGSEGV) replaying the trace
# case seed: 666175507808802555 (dynrr-fuzz --case-seed 666175507808802555)
# reason: core crashed: signal 11 (SIGSEGV) replaying the trace
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
    cfg = dataclasses.replace(Cfg(), shift=n)
    i0 = (cfg.shift + len(dataclasses.fields(cfg))) % 7
    return z


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
