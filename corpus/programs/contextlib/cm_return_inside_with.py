"""A return from inside the with block of a contextmanager: __exit__ runs on the way
out (the normal-exit call before RETURN_VALUE), and the generator's code after the
yield mutates a global list.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)

TRAIL = []


@contextlib.contextmanager
def noted(tag):
    TRAIL.append(tag)
    yield
    TRAIL.append(tag + "/done")


def fn(x):
    with noted("a"):
        return x.exp() - 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4), TRAIL)
