"""Builtins min, max, abs, len, sum, round and divmod on Python ints.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    n = x.shape[0]
    k = min(n, 3) + max(n, 7) + abs(-n) + sum([1, 2, 3])
    q, r = divmod(k, 4)
    return x * q + r + round(2.6)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
