"""Automatic dynamic on two inputs of different sizes concatenated: the output size is
the sum of two symbols.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    z = torch.cat([x, y], dim=1)
    return z.softmax(-1) * 2


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 3), torch.randn(2, 4))
b = opt(torch.randn(2, 5), torch.randn(2, 6))
c = opt(torch.randn(2, 7), torch.randn(2, 2))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
