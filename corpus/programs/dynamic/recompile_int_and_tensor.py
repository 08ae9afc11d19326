"""Both an int argument and a tensor size change: a dynamic int and a size symbol in one
frame.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, k):
    return x * k + x.size(0)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3), 2)
b = opt(torch.randn(5), 4)
c = opt(torch.randn(7), 6)
print(tuple(a.shape), tuple(b.shape), round(c.sum().item(), 4))
