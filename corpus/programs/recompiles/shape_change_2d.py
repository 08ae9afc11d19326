"""A 2-d input changing its first dim recompiles once with a dynamic size.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, w):
    return (x @ w).relu()


opt = torch.compile(fn, backend="eager")
w = torch.randn(4, 3)
a = opt(torch.randn(2, 4), w)
b = opt(torch.randn(5, 4), w)
c = opt(torch.randn(8, 4), w)
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
print(tuple(c.shape), c.dtype, round(c.double().sum().item(), 4))
