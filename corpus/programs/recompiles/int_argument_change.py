"""A Python int argument changes between calls (specialized, then dynamic).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    return x * n + n


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(3), 2)
b = opt(torch.ones(3), 5)
c = opt(torch.ones(3), 7)
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
print(tuple(c.shape), c.dtype, round(c.double().sum().item(), 4))
