"""dynamic=True: a slice of the inner dim (s27 - 1) through a unary op, a comparison and
a where (each tests `size == 1`: one guard `s27 - 1 != 1`), then a sum over it and
len() of the slice (a size(0) node bound to the symbol).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x[:, 1:]
    z = torch.where(y > 0, y.relu(), y.neg())
    return z.sum(1) * len(y)


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(6, 5))
print(tuple(out.shape), round(out.sum().item(), 4))
