"""A contextmanager entered inside an inlined helper function, with a grad-mode
manager inside the generator.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def no_grad_scope():
    with torch.no_grad():
        yield


def helper(t):
    with no_grad_scope():
        u = t * 3
    return u + 1


def fn(x):
    return helper(x).sum(0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3, requires_grad=True))
print(tuple(out.shape), out.dtype, out.requires_grad, round(out.double().sum().item(), 4))
