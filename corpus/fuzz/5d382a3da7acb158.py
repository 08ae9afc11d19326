# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard extra in core:   DUPLICATE_INPUT G['_'].functools
# case seed: 3660710285074924025 (dynrr-fuzz --case-seed 3660710285074924025)
# reason: frame 0 (f) diverges: guard extra in core:   DUPLICATE_INPUT G['__import_torch_dot__dynamo_dot_polyfills_dot_builtins'].functools guard extra in core:   DUPLICATE_INPUT G['__import_torch_dot__dynamo_dot_polyfills_dot_builtins'].functools 
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


def h_mix(a, b):
    return a * b + a


def h_default(a, b=2.0):
    return a * b


def h_star(*args):
    r = args[0]
    for v in args[1:]:
        r = r + v
    return r


def h_kwonly(a, *, scale=1.5):
    return a * scale


def h_kwargs(a, **kw):
    return a * kw.get('m', 1.0)


def make_scaler(v):
    def scale(w):
        return w * v + 1
    return scale


def make_counter(start):
    box = start

    def add(v):
        nonlocal box
        box = box + v
        return box

    def get():
        return box
    return add, get


acc_add, acc_get = make_counter(torch.zeros(4))


def h_memo(a, seen=[]):
    seen.append(len(seen))
    return a * len(seen)

g_t = torch.linspace(-1.0, 1.0, 4)
g_i = 2
g_l = []


class Box:
    def __init__(self, w, k):
        self.w = w
        self.k = k

    def scale(self, v):
        return v * self.k + self.w


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)
        self.scale = 2

    def forward(self, v):
        return torch.relu(self.fc(v)) * self.scale


lin = torch.nn.Linear(4, 4)
net = Net()


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


def f(x, y, z, n, s, xs, d, obj):
    global g_t, g_i
    dm = {'a': n, 'b': 2, 'c': n}
    v = sum(dm.values()) + len(dm.keys())
    i0 = (v + len(dm) + sum(dm.values())) % 7
    t1 = functools.partial(torch.add, alpha=2)(y, z)
    return t1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    inputs += [[torch.randn(3, 4), torch.randn(4)], {'a': torch.randn(3, 4), 'k': 2}]
    inputs.append(Box(torch.randn(4), 2))
    return inputs


def observe():
    return [g_t, g_i, g_l, acc_get(), net.scale, h_memo.__defaults__]
