"""dynamic=True with one dim marked static: that dim stays a constant, the other is a symbol.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.sum(0) * 2


opt = torch.compile(fn, backend="eager", dynamic=True)
x = torch.randn(5, 3)
torch._dynamo.mark_static(x, 1)
a = opt(x)
print(tuple(a.shape), round(a.sum().item(), 4))
