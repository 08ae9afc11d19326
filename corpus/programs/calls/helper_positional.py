"""A user helper called with positional arguments (inlined).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def scale_shift(t, a, b):
    return t * a + b


def fn(x):
    return scale_shift(x, 2.0, 1.0) + scale_shift(x, -1.0, 0.5)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
