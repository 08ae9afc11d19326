"""An int argument that changes between calls and is used as a tensor size: with
automatic dynamic shapes Dynamo traces it as a SymInt and the new tensor gets a symbolic
size; torch.zeros checks it non-negative, the shape guard `0 <= L['n']`.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    pad = torch.zeros(n)
    return x.sum() + pad.sum() + n


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(3), 2)
b = opt(torch.ones(3), 5)
print(round(a.item(), 4), round(b.item(), 4))
