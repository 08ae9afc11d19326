"""exp, log and log of a shifted abs.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.exp(x) + torch.log(x.abs() + 1)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(10))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
