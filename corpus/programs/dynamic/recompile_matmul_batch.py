"""Automatic dynamic on a batch dim through a linear layer and a reshape.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

lin = nn.Linear(8, 4)


def fn(x):
    bsz, seq, _ = x.shape
    return lin(x).reshape(bsz * seq, 4).softmax(-1)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 3, 8))
b = opt(torch.randn(5, 3, 8))
c = opt(torch.randn(6, 3, 8))
print(tuple(a.shape), tuple(b.shape), round(c.sum().item(), 4))
