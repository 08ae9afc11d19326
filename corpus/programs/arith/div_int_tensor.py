"""True division of int64 tensors promotes to float32.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    return a / b, a // b, a % b


opt = torch.compile(fn, backend="eager")
a = torch.arange(1, 13).reshape(3, 4)
b = torch.full((3, 4), 5)
for out in opt(a, b):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
