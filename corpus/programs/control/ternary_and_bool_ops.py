"""Conditional expressions and and/or on Python values.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


FLAG = False


def fn(x, k):
    a = x * 2 if k > 1 else x / 2
    b = (FLAG or k == 3) and 2.0 or 0.5
    return a + b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), 3)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
