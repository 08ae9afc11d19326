"""torch.compile(dynamic=True): every dim of the input is a symbol from the first call.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.sum(dim=1) * 2 - x.mean()


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(3, 6))
b = opt(torch.randn(5, 2))
print(tuple(a.shape), tuple(b.shape), round(a.sum().item(), 4), round(b.sum().item(), 4))
