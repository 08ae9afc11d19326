"""Nested torch.func.vmap with in_dims at both levels: the inner vmap maps dim 1 of a tensor batched at the outer level and broadcasts an argument batched only there.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    inner = torch.func.vmap(lambda a, b: a * b + 1, in_dims=(1, None))
    return torch.func.vmap(inner, in_dims=(0, 0))(x, y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3, 4), torch.randn(2, 3))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
