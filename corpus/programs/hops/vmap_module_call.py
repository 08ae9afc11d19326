"""torch.func.vmap over a closure calling an nn.Module (a Linear per example).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

lin = torch.nn.Linear(4, 2)


def fn(x):
    return torch.func.vmap(lambda row: lin(row).relu())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
