"""Automatic dynamic: x.size(0) flows into view(); the graph carries the SymInt.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    b = x.size(0)
    return x.view(b, -1).sum(1)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(4, 3, 2))
b = opt(torch.randn(6, 3, 2))
c = opt(torch.randn(7, 3, 2))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
