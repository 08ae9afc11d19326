"""A _GeneratorContextManager made in the frame and returned without being entered: its
generator would have to be rebuilt after the graph (Dynamo's decision on it is the
spec).

scope: part2
expect: 0 graphs, 1 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def scoped(k):
    yield k


def fn(x):
    cm = scoped(3)
    return x.sin() + 1, cm


opt = torch.compile(fn, backend="eager")
out, cm = opt(torch.randn(4, 3))
with cm as k:
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4), k)
