"""An exception in the with body that the generator catches and turns into another one
(`except ValueError: raise KeyError`), which the frame catches.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def translating():
    try:
        yield
    except ValueError:
        raise KeyError("translated")


def fn(x):
    y = x * 2
    try:
        with translating():
            y = y + 1
            raise ValueError("inner")
    except KeyError:
        y = y.neg()
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
