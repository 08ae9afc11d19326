"""torch.func.vmap over three arguments with in_dims=(None, 0, 1).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f(w, a, b):
    return (a * w + b).cos()


def fn(w, x, y):
    return torch.func.vmap(f, in_dims=(None, 0, 1))(w, x, y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(3, 4), torch.randn(4, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
