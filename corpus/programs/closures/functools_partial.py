"""functools.partial of a user function, made before and during tracing.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import functools

torch.manual_seed(0)


def blend(a, b, w):
    return a * w + b * (1 - w)


HALF = functools.partial(blend, w=0.5)


def fn(x, y):
    quarter = functools.partial(blend, w=0.25)
    return HALF(x, y) + quarter(x, y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
