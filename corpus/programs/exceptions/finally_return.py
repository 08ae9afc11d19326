"""A `return` inside `finally` swallows the exception.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def helper(t):
    try:
        raise ValueError("swallowed")
    finally:
        return t + 3


def fn(x):
    return helper(x) * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
