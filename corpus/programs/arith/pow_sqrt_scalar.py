"""Power by Python scalars and by a tensor exponent.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, e):
    return x ** 2 + x.abs() ** 0.5 + torch.pow(x.abs() + 1, e)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 4), torch.randn(4, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
