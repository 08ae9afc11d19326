"""flatten with default, start_dim and end_dim.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.flatten(), torch.flatten(x, 1), x.flatten(0, 1)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(2, 3, 4, 5)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
