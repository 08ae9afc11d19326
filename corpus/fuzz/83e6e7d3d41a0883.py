# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_ - l_x_;  l_z_ = tN = None
# case seed: 14955027573475367152 (dynrr-fuzz --case-seed 14955027573475367152)
# reason: frame 0 (f) diverges: +     t0 = l_z_ - l_x_;  l_z_ = t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_z_ : torch.Tensor, L_x_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_ +     t0 = l_z_ - l_x_;  l_z_ = t0 = None +     return (l_x_,) -     t0 = l_z_ - l_x_;  l_z_ = l_x_ = t0 = None -     return ()        graph breaks: dynamo has 1, core has 0 
import contextlib
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


def gen_scaled(a, k):
    for i in range(k):
        yield a * (i + 1)


def gen_delegate(a, b):
    yield a
    yield from gen_scaled(b, 2)
    return 0


def gen_pairs(k):
    for i in range(k):
        yield i, i * i


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(4, 4)
        self.l2 = torch.nn.Linear(4, 4, bias=False)
        self.register_buffer('buf', torch.ones(4))

    def forward(self, v):
        return self.l2(torch.relu(self.l1(v))) + self.buf


stack = Stack()


class FuzzError(ValueError):
    pass


def h_checked(a, k):
    if k > 3:
        raise ValueError('too big')
    return a * k


def h_safe(a, k):
    try:
        r = h_checked(a, k)
    except ValueError:
        r = a - 1
    else:
        r = r + 1
    finally:
        k = k + 1
    return r


def h_lookup(table, key):
    try:
        return table[key]
    except KeyError:
        return 0


def h_raise_user(a, k):
    if k % 2 == 0:
        raise FuzzError('even')
    return a + k


class Scope:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append(1)
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append(2)
        return False


class Suppress:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return exc_type is not None and issubclass(exc_type, KeyError)


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
    t0 = z - x
    t1 = max((x, x), key=lambda v: v.dim())
    return t1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
