"""Promotion between float16, float32 and float64 tensors.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(h, f, d):
    return h + f, f + d, h * 3.0


opt = torch.compile(fn, backend="eager")
h = torch.randn(5).half()
f = torch.randn(5)
d = torch.randn(5, dtype=torch.float64)
for out in opt(h, f, d):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
