"""Nested torch.func.vmap with the outer batch dim last: a sum over a dim of a doubly batched tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def dot_rows(a, b):
    return (a.sin() * b).sum(-1, keepdim=True)


def fn(x, y):
    inner = torch.func.vmap(dot_rows, in_dims=(1, None))
    return torch.func.vmap(inner, in_dims=(2, None), out_dims=1)(x, y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3, 2), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
