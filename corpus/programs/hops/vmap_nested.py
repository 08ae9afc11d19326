"""Nested torch.func.vmap: two vmap levels, batched fake tensors wrapped twice.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def add_outer(a, b):
    return a.sin() + b


def fn(x, y):
    return torch.func.vmap(torch.func.vmap(add_outer, in_dims=(0, None)), in_dims=(0, None))(x, y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3, 4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
