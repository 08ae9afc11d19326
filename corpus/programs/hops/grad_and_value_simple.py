"""torch.func.grad_and_value of a scalar function of one tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(a):
    return (a ** 2).sum()


def fn(x):
    g, v = torch.func.grad_and_value(loss)(x)
    return g * 2, v


opt = torch.compile(fn, backend="eager")
g, v = opt(torch.randn(5))
print(tuple(g.shape), tuple(v.shape))
