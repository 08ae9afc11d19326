"""Calling .tolist() on a tensor breaks the graph.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles; break at tolist()
"""
import torch

torch.manual_seed(0)


def fn(x):
    vals = (x * 10).round().tolist()
    return x + len(vals)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
