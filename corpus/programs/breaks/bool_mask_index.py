"""Boolean mask indexing x[x > 0] has a data-dependent shape.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x + 1
    pos = y[y > 0]
    return pos.sum() * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor([0.5, -2.0, 1.0, -0.1]))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
