"""Automatic dynamic with two inputs of the same size: duck sizing gives them one symbol.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.cat([x, y]) * 3


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(4), torch.randn(4))
b = opt(torch.randn(6), torch.randn(6))
c = opt(torch.randn(9), torch.randn(9))
print(tuple(a.shape), tuple(b.shape), round(c.sum().item(), 4))
