"""Iterating a local list of tensors and accumulating.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b, c):
    acc = torch.zeros(3)
    for t in [a, b, c]:
        acc = acc + t * t
    return acc


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
