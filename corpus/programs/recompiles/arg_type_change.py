"""An argument that is a float on the first call and a tensor on the second.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, scale):
    return x * scale


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(3), 2.0)
b = opt(torch.ones(3), torch.full((3,), 4.0))
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
