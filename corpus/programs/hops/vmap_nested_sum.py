"""Nested torch.func.vmap over a reduction: sum and mean of a BatchedTensor of a BatchedTensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def row_stats(a, b):
    return (a * b).sum() + a.mean(0).sum(-1)


def fn(x, y):
    return torch.func.vmap(torch.func.vmap(row_stats, in_dims=(0, None)), in_dims=(0, None))(x, y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3, 4, 5), torch.randn(4, 5))
print(tuple(out.shape), round(out.double().sum().item(), 4))
