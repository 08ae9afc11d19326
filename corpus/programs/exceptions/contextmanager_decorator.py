"""A @contextlib.contextmanager generator used as a context manager (traced by Dynamo).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def offset(k):
    yield k + 1


def fn(x):
    with offset(2) as k:
        y = x * k
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
