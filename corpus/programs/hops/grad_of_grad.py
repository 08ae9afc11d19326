"""torch.func.grad of torch.func.grad: the second derivative of a scalar function (two grad levels).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f(x):
    return x.sin() * x


def fn(x):
    return torch.func.grad(torch.func.grad(f))(x)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(()))
print(tuple(out.shape), round(out.double().sum().item(), 4))
