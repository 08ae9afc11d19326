"""Calling .numpy() on a tensor inside the function.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x * 3
    arr = y.numpy()
    return y + float(arr.sum())


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
