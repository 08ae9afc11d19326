"""torch.func.grad of (a ** 2 / 3).sum(): pow's gradient uses a, so it requires grad; div by a constant keeps that.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.grad(lambda a: (a**2 / 3).sum())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
