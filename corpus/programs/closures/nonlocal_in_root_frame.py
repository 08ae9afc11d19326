"""A nested function writes a cell of the compiled frame with nonlocal.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    total = x

    def add(t):
        nonlocal total
        total = total + t

    add(x)
    add(x * 2)
    return total


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
