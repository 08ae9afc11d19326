"""functools.partial made while tracing and a pre-existing partial global (its func, args and
keywords guarded), and functools.reduce with and without an initial value.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import functools
import operator

import torch

torch.manual_seed(0)


def scaled_add(x, y, alpha=1.0, beta=0):
    return x * alpha + y + beta


shifted = functools.partial(scaled_add, beta=2)


def fn(a, b, c):
    half = functools.partial(scaled_add, alpha=0.5)
    product = functools.reduce(operator.mul, [a, b, c])
    total = functools.reduce(lambda acc, t: acc + t.sum(), [a, b], 0.0)
    return half(a, b) + shifted(b, c) + product * total


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
