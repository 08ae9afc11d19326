"""A contiguous input through a depthwise conv and a pointwise conv, batch dynamic
by a recompile: the guard comes from the first conv's backend selection.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

dw = nn.Conv2d(4, 4, 3, padding=1, groups=4)
pw = nn.Conv2d(4, 8, 1)


def fn(x):
    return pw(dw(x)).flatten(2).softmax(-1)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 4, 5, 5))
b = opt(torch.randn(7, 4, 5, 5))
print(tuple(a.shape), tuple(b.shape), round(b.sum().item(), 3))
