"""Branching on whether an optional argument is None.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, bias=None, scale=None):
    if bias is not None:
        x = x + bias
    if scale is None:
        scale = 2.0
    return x * scale


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
