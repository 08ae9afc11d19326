"""A chain of unary Tensor methods on one value.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.abs().sqrt().exp().log().neg().sigmoid().tanh()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(12))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
