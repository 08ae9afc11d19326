"""F.embedding lookup of a (batch, seq) index tensor.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(ids, table):
    return F.embedding(ids, table)


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor([[1, 2, 0], [3, 3, 1]]), torch.randn(5, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
