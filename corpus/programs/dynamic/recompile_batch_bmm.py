"""Automatic dynamic on the batch dim of a batched matmul with an expanded weight.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)

w = torch.randn(4, 5)


def fn(x):
    b = x.size(0)
    return torch.bmm(x, w.expand(b, 4, 5)).relu()


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 3, 4))
b = opt(torch.randn(5, 3, 4))
c = opt(torch.randn(7, 3, 4))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
