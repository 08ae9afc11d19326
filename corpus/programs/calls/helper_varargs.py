"""A helper taking *args, called with several counts and a splatted tuple.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def total(*args):
    acc = args[0]
    for a in args[1:]:
        acc = acc + a
    return acc


def fn(x, y):
    parts = (x, y, x * y)
    return total(x) + total(x, y) + total(*parts)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
