"""torch.zeros, torch.ones and torch.full with dtype keywords.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x + torch.zeros(3, 4), torch.ones(4, dtype=torch.int64), torch.full((2, 2), 7.5), torch.full((3,), 2)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(3, 4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
