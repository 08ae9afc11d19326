"""F.dropout with training=False is an identity in the graph.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return F.dropout(x, p=0.5, training=False) * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
