"""torch.utils.checkpoint recompiled for a new batch size: automatic dynamic shapes lift the symbol into the subgraph.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.utils.checkpoint

torch.manual_seed(0)


def body(a):
    return a.relu() * 2


def fn(x):
    return torch.utils.checkpoint.checkpoint(body, x, use_reentrant=False) + 1


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 3))
b = opt(torch.randn(5, 3))
print(tuple(a.shape), tuple(b.shape), round(a.double().sum().item() + b.double().sum().item(), 4))
