"""Automatic dynamic on the last dim, a normalisation over it by its own size.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    n = x.size(-1)
    centred = x - x.sum(-1, keepdim=True) / n
    return centred * centred


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3, 4))
b = opt(torch.randn(3, 6))
c = opt(torch.randn(3, 10))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
