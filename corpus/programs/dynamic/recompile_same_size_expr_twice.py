"""Automatic dynamic, then the same size expression computed twice: Dynamo's graph
computes it once (the SymInt nodes are hash-consed by expression).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    n = x.shape[0]
    a = torch.ones(n * 2)
    b = torch.zeros(n * 2)
    return a + b, x.sum()


opt = torch.compile(fn, backend="eager")
r1 = opt(torch.randn(3))
r2 = opt(torch.randn(5))
print(tuple(r1[0].shape), tuple(r2[0].shape), round(r2[1].item(), 4))
