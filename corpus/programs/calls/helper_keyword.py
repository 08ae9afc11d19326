"""A user helper called with keyword arguments in a different order.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def mix(a, b, alpha):
    return alpha * a + (1 - alpha) * b


def fn(x, y):
    return mix(b=y, alpha=0.3, a=x) + mix(x, alpha=0.9, b=y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
