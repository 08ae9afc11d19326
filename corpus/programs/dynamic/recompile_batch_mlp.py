"""A small MLP called with a new batch size: automatic dynamic on the batch dim through
Linear, LayerNorm and GELU.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

mlp = nn.Sequential(nn.Linear(6, 12), nn.LayerNorm(12), nn.GELU(), nn.Linear(12, 3))


def fn(x):
    return mlp(x).log_softmax(-1)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(4, 6))
b = opt(torch.randn(7, 6))
c = opt(torch.randn(2, 6))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
