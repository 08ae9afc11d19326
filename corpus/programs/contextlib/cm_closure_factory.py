"""A contextmanager defined inside the compiled function (a nested generator function
decorated while tracing), closing over a local.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


def fn(x):
    k = x.sum()

    @contextlib.contextmanager
    def shift():
        yield k

    with shift() as s:
        y = x - s
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
