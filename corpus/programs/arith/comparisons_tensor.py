"""Elementwise comparisons between tensors and with scalars give bool tensors.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return x > y, x <= 0.5, x == y, x != 0, (x > 0) & (y > 0), (x < 0) | (y < 0), ~(x > 0)


opt = torch.compile(fn, backend="eager")
x = torch.randn(8)
y = torch.randn(8)
for out in opt(x, y):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
