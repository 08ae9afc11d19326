"""A graph break inside the contextmanager's generator before its yield, after two ops (print in
__enter__'s next()): Dynamo compiles the partial graph at its checkpoint and runs the rest eagerly.

scope: part2
expect: 1 graph, 1 breaks, 0 recompiles
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
    y = y.cos() + 1
    with chatty():
        y = y * 2
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
