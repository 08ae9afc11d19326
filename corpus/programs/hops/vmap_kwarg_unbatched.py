"""torch.func.vmap with a keyword argument (kwargs are not batched) and in_dims=(0, None).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def scaled(a, b, alpha=1.0):
    return a * alpha + b


def fn(x, y):
    return torch.func.vmap(scaled, in_dims=(0, None))(x, y, alpha=2.0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
