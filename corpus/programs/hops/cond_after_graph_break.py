"""torch.cond after a graph break: the resume function holds the cond and its subgraphs.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles; break at print
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x * 3
    print("midway")
    return torch.cond(y.sum() > 0, lambda t: t.exp(), lambda t: t.neg(), (y,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
