"""torch.func.hessian of a scalar function.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f(x):
    return x.sin().sum()


def fn(x):
    return torch.func.hessian(f)(x)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
