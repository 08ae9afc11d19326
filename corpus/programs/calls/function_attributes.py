"""Attributes of functions read while tracing: __code__ (a constant guarded with
CONSTANT_MATCH) and its co_varnames / co_argcount, __name__, __module__, __defaults__,
__wrapped__ of a functools.wraps wrapper, and an entry of the function's __dict__.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import functools

import torch

torch.manual_seed(0)


def scale(x, factor=2.0, *, bias=0.5):
    return x * factor + bias


scale.tag = 3


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


@logged
def shift(x):
    return x + 1


def fn(x):
    code = scale.__code__
    n = code.co_argcount + len(code.co_varnames)
    if "factor" in code.co_varnames and scale.__name__ == "scale":
        n += scale.__defaults__[0] + scale.tag
    inner = shift.__wrapped__
    return scale(x) * n + inner(x) + len(scale.__module__)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
