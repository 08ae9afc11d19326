"""A bool argument flips the branch taken.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, use_relu):
    if use_relu:
        return x.relu()
    return x.sigmoid()


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(4), True)
b = opt(torch.randn(4), False)
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
