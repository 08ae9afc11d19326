"""dynamic=True with an int argument compared equal to a tensor size: the int's symbol
and the size's symbol become one.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    if x.shape[0] == n:
        return x * 2
    return x - 1


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(6), 6)
print(tuple(a.shape), round(a.sum().item(), 4))
