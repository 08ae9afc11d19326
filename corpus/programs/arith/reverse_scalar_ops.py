"""Scalar on the left: rsub, rmul, rtruediv and radd with a tensor.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return 1 - x, 3 * x, 2.0 / (x.abs() + 1), 0.5 + x


opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(6))
for out in outs:
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
