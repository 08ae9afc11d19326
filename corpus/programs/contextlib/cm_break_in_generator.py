"""A graph break inside the contextmanager's generator before its yield (print in
__enter__'s next()): Dynamo's decision on it is the spec.

scope: part2
expect: 0 graphs, 1 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def chatty():
    print("entering")
    yield


def fn(x):
    y = x.sin()
    with chatty():
        y = y * 2
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
