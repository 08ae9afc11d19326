"""A new input shape on the second call recompiles with automatic dynamic shapes.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile; second graph has a symbolic size
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x * 2 + 1


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(4))
b = opt(torch.randn(7))
c = opt(torch.randn(9))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
