"""slice() objects built in the traced function and used to index tensors and lists.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    every_other = slice(None, None, 2)
    head = slice(3)
    cols = [0, 1, 2, 3, 4][slice(1, 4)]
    return x[every_other, head] * len(cols)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6, 5))
print(tuple(out.shape), round(out.sum().item(), 4))
