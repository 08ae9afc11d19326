"""torch.func.vmap of a function returning two tensors with out_dims=(0, 1).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def two(a):
    return a.cos(), a * 2


def fn(x):
    c, d = torch.func.vmap(two, out_dims=(0, 1))(x)
    return c + 1, d


opt = torch.compile(fn, backend="eager")
c, d = opt(torch.randn(3, 4))
print(tuple(c.shape), tuple(d.shape))
