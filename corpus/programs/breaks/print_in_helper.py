"""A print inside an inlined helper breaks the outer graph.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles; break at print inside helper
"""
import torch

torch.manual_seed(0)


def helper(t):
    t = t * 3
    print("in helper")
    return t + 1


def fn(x):
    y = x.exp()
    z = helper(y)
    return z.log()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
