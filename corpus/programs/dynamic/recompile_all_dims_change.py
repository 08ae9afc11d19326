"""Every dim of a 3-d input changes on the second call: all three are symbols, with the
inferred strides guarded.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.sum(-1).mean(0) + x.amax()


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 3, 4))
b = opt(torch.randn(3, 5, 6))
c = opt(torch.randn(4, 2, 7))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
