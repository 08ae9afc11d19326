"""torch.func.grad_and_value with has_aux=True: gradient, then (loss, aux).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(a, b):
    y = a.sigmoid() * b
    return y.sum(), y.detach()


def fn(x, y):
    g, (v, aux) = torch.func.grad_and_value(loss, has_aux=True)(x, y)
    return g, v, aux


opt = torch.compile(fn, backend="eager")
g, v, aux = opt(torch.randn(2, 3), torch.randn(2, 3))
print(tuple(g.shape), tuple(v.shape), tuple(aux.shape))
