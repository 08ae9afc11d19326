"""`n += tensor` with a Python int n: Dynamo puts an add (not an in-place add) in the graph.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    acc = 0
    acc += (x > 0).to(torch.long) * 4
    total = 1.5
    total *= x
    return acc + total


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), out.dtype, round(out.sum().item(), 4))
