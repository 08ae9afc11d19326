"""Iterating dict items, keys and values in insertion order.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    scales = {"one": 1.0, "two": 2.0, "half": 0.5}
    out = x
    for name, s in scales.items():
        out = out * s
    for k in scales:
        out = out + len(k)
    return out + sum(scales.values())


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
