"""A bare `raise` in a handler, caught by an outer try.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x
    try:
        try:
            raise TypeError("t")
        except TypeError:
            y = y + 2
            raise
    except TypeError:
        y = y * 3
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
