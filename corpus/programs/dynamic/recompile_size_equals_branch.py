"""Automatic dynamic, then a branch on the size being equal to a constant: Dynamo
specialises the symbol (a replacement), which the core reports unsupported.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    if x.size(0) == 8:
        return x * 3
    return x + 3


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(5))
b = opt(torch.randn(8))
print(tuple(a.shape), tuple(b.shape), round(b.sum().item(), 4))
