"""view and reshape with an inferred -1 dimension.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a = x.view(4, 6)
    b = x.reshape(-1, 3)
    c = torch.reshape(x, (2, -1))
    return a + 1, b * 2, c - 1


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(2, 3, 4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
