"""torch.arange with end, start/end, step and float arguments.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.arange(5), torch.arange(2, 10, 3), torch.arange(0.0, 1.0, 0.25), x + torch.arange(4)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
