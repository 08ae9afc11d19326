"""Repeated calls with same-shaped inputs hit the cache: no recompile.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.cos() * 3


opt = torch.compile(fn, backend="eager")
outs = [opt(torch.randn(5)) for _ in range(4)]
for out in outs:
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
