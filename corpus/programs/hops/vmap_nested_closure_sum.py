"""Per-row scaling with nested vmaps: the inner function multiplies by the sum of the outer row, a tensor batched only at the outer level.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.vmap(lambda row: torch.func.vmap(lambda e: e * row.sum())(row))(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
