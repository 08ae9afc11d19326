"""Building a tuple, unpacking it and swapping values.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    t = (x, y, x + y)
    a, b, c = t
    a, b = b, a
    return a - b + c, len(t)


opt = torch.compile(fn, backend="eager")
out, n = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(n)
