"""torch.func.grad with has_aux=True: the gradient and an auxiliary tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(a):
    y = a.cos()
    return y.sum(), y


def fn(x):
    g, aux = torch.func.grad(loss, has_aux=True)(x)
    return g, aux


opt = torch.compile(fn, backend="eager")
g, aux = opt(torch.randn(4))
print(tuple(g.shape), tuple(aux.shape))
