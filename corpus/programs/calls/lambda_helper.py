"""A module-level lambda and a lambda defined inside the function.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


square = lambda t: t * t  # noqa: E731


def fn(x):
    cube = lambda t: t * t * t  # noqa: E731
    return square(x) + cube(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
