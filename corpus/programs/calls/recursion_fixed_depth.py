"""A recursive helper with a constant depth, unrolled by tracing.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def repeat(t, depth):
    if depth == 0:
        return t
    return repeat(t * 0.5 + 1, depth - 1)


def fn(x):
    return repeat(x, 4)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
