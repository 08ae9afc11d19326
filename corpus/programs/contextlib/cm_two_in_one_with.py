"""Two contextmanagers in one with statement (`with a() as x, b(x) as y`), the second
taking the first's value.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def first(t):
    yield t.abs()


@contextlib.contextmanager
def second(t):
    yield t.sqrt()


def fn(x):
    with first(x) as a, second(a) as b:
        y = a + b
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
