"""A graph break in the body of a with on a contextmanager (print): Dynamo's decision
there (a generic context manager does not support graph breaks) is the spec: the whole frame runs eagerly.

scope: part2
expect: 0 graphs, 1 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def scoped():
    yield


def fn(x):
    y = x.sin()
    with scoped():
        y = y * 2
        print("inside")
        y = y + 1
    return y.cos()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
