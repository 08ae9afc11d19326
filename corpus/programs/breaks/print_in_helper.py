"""A print inside an inlined helper breaks the outer graph.

scope: part2
expect: 4 graphs, 2 breaks, 0 recompiles; the outer frame breaks at the helper call, then the helper
runs as its own frame and breaks at print again
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
