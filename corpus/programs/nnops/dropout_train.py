"""F.dropout with training=True (seeded global RNG).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return F.dropout(x, p=0.25, training=True)


opt = torch.compile(fn, backend="eager")
out = opt(torch.ones(8, 8))
print(tuple(out.shape), int((out == 0).sum().item()), round(out.sum().item(), 4))
