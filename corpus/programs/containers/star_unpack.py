"""Starred unpacking of a list and a tuple built during tracing.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    first, *middle, last = [x, x + 1, x + 2, x + 3]
    head, *_ = (x * 2, x * 3)
    return first + last + len(middle) + head


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
