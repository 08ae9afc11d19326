"""Lexicographic comparison of tuples and lists of constants, shapes included.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    version = (2, 13, 0)
    y = x
    if version >= (2, 0):
        y = y * 2
    if tuple(x.shape) < (3, 5):
        y = y + 1
    if [1, 2] > [1, 1, 9]:
        y = y - 3
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.sum().item(), 4))
