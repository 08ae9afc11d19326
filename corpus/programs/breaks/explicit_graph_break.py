"""torch._dynamo.graph_break() splits a function in two graphs.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a = x.sin()
    torch._dynamo.graph_break()
    return a.cos()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
