"""torch.func.grad_and_value with argnums=1: the gradient with respect to the second argument and the loss.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(x, w):
    return ((x @ w).tanh() ** 2).mean()


def fn(x, w):
    g, v = torch.func.grad_and_value(loss, argnums=1)(x, w)
    return g, v


opt = torch.compile(fn, backend="eager")
g, v = opt(torch.randn(2, 3), torch.randn(3, 4))
print(tuple(g.shape), tuple(v.shape))
