"""A _GeneratorContextManager made outside the compiled function and entered inside it
(a pre-existing object: Dynamo's decision on it is the spec).

scope: part2
expect: 0 graphs, 1 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def scoped():
    yield 2


def fn(x, cm):
    y = x.sin()
    with cm as k:
        y = y * k
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3), scoped())
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
