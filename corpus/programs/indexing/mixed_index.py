"""Mixed int, slice, None and Ellipsis in one subscript.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x[0, :, None, ..., -1] * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4, 5, 6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
