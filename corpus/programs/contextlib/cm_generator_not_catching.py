"""An exception raised inside the with that the generator does not catch: it propagates
out of __exit__ to an except in the frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def plain():
    yield


def fn(x):
    y = x + 1
    try:
        with plain():
            y = y * 2
            raise KeyError("k")
    except KeyError:
        y = y - 3
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
