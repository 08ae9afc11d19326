"""range(start, stop, step), reversed(range) and a negative step.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    acc = x
    for i in range(2, 11, 3):
        acc = acc + i
    for j in reversed(range(3)):
        acc = acc * (j + 1)
    for k in range(4, 0, -2):
        acc = acc - k
    return acc


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
