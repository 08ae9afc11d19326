"""A string argument selecting the reduction changes between calls.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, reduction):
    if reduction == "sum":
        return x.sum()
    return x.mean()


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(4), "sum")
b = opt(torch.ones(4), "mean")
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
