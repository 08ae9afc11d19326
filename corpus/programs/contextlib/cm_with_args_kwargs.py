"""A contextmanager called with positional and keyword arguments (one defaulted).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def affine(scale, shift=0.0, *, bias=1.0):
    yield scale * 2 + shift + bias


def fn(x):
    with affine(3, bias=0.5) as k:
        y = x * k
    with affine(1, 2.0) as j:
        y = y - j
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
