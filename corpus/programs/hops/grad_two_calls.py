"""Two torch.func.grad calls in one frame: each enters and leaves its own level 1.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f(a):
    return a.exp().sum()


def g(a):
    return (a * a).sum()


def fn(x):
    return torch.func.grad(f)(x) + torch.func.grad(g)(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), round(out.double().sum().item(), 4))
