"""A contextmanager whose generator yields twice: __exit__'s next() gets a value and
raises RuntimeError("generator didn't stop"), which the frame catches.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def twice():
    yield 1
    yield 2


def fn(x):
    try:
        with twice() as a:
            y = x + a
    except RuntimeError:
        y = x * 10
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
