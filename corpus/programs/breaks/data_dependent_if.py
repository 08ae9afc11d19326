"""Branching on x.sum() > 0 (a tensor condition) breaks the graph.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles; break at the data-dependent jump
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x * 2
    if y.sum() > 0:
        return y + 1
    return y - 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
