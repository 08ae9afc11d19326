"""Automatic dynamic on the batch dim of a conv + flatten + linear head.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

conv = nn.Conv2d(3, 4, 3, padding=1)
head = nn.Linear(4 * 5 * 5, 2)


def fn(x):
    h = conv(x).relu()
    return head(h.flatten(1))


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 3, 5, 5))
b = opt(torch.randn(3, 3, 5, 5))
c = opt(torch.randn(6, 3, 5, 5))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
