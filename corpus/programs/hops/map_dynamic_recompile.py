"""torch._higher_order_ops.map recompiled for a new batch size: automatic dynamic shapes with a map body.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
from torch._higher_order_ops.map import map as hop_map

torch.manual_seed(0)


def fn(xs):
    return hop_map(lambda r: r.sin() * 2, xs)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3, 4))
b = opt(torch.randn(6, 4))
print(tuple(a.shape), tuple(b.shape), round(a.double().sum().item() + b.double().sum().item(), 4))
