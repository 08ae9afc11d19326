"""Helpers calling helpers three levels deep, all inlined into one graph.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def inner(t):
    return t.sin() * 2


def middle(t, k):
    return inner(t) + inner(t * k)


def outer(t):
    return middle(t, 2.0) - middle(t, 3.0)


def fn(x):
    return outer(x) + inner(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
