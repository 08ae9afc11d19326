"""Chained and mixed comparisons on Python ints and floats.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    out = x
    if 0 < n <= 10:
        out = out + 1
    if n != 4 and n >= 2.5:
        out = out * 2
    if not (n < 0):
        out = out - 3
    return out


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), 5)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
