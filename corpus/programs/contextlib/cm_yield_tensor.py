"""`with cm(x) as v`: the generator yields a tensor computed from its argument.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def doubled(t):
    yield t * 2


def fn(x):
    with doubled(x) as d:
        y = d + x
    return y.cos()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
