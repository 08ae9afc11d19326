"""Two contextmanagers nested two deep; the inner one is entered inside the outer
generator's body too.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def inner(t):
    yield t + 1


@contextlib.contextmanager
def outer(t):
    with inner(t) as u:
        yield u * 3


def fn(x):
    with outer(x) as a:
        with inner(a) as b:
            y = a * b
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
