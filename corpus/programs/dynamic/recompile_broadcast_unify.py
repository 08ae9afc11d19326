"""Automatic dynamic on two inputs whose sizes only broadcasting relates: the meta
function's size check makes the two symbols one (a shape env replacement), and the graph
reads the surviving symbol.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, z):
    t = torch.full((x.shape[0], 4), 0.5) * z
    return t + x


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3, 4), torch.randn(3, 1))
b = opt(torch.randn(5, 4), torch.randn(5, 1))
print(tuple(a.shape), tuple(b.shape), round(b.sum().item(), 4))
