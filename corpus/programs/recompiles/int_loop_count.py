"""An int argument drives the loop trip count, so each new value recompiles.

scope: part2
expect: 3 graphs, 0 breaks, 2 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, steps):
    for _ in range(steps):
        x = x * 2
    return x


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(2), 1)
b = opt(torch.ones(2), 2)
c = opt(torch.ones(2), 3)
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
print(tuple(c.shape), c.dtype, round(c.double().sum().item(), 4))
