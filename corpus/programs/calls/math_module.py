"""math.sqrt, math.pi and math.log on constants inside the function.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import math

torch.manual_seed(0)


def fn(x):
    d = x.shape[-1]
    return x / math.sqrt(d) + math.pi * math.log(2.0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 16))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
