"""sum of an int32 tensor (promotes to int64) and of a bool mask.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(i, x):
    return i.sum(), (x > 0).sum(), (x > 0).sum(dim=1)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.arange(10, dtype=torch.int32), torch.randn(4, 5)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
