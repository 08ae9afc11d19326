"""torch.func.grad with argnums=(0, 1): a tuple of gradients.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(a, b):
    return (a * b).sin().sum()


def fn(x, y):
    ga, gb = torch.func.grad(loss, argnums=(0, 1))(x, y)
    return ga, gb


opt = torch.compile(fn, backend="eager")
ga, gb = opt(torch.randn(3), torch.randn(3))
print(tuple(ga.shape), tuple(gb.shape))
