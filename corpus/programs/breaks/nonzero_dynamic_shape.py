"""torch.nonzero has a data-dependent output shape and breaks the graph.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x * 2
    idx = torch.nonzero(y > 0)
    return idx.shape[0] + y.sum()


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor([1.0, -1.0, 2.0, -3.0, 0.5]))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
