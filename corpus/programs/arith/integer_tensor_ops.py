"""Integer tensor arithmetic: add, mul, floor divide, bitwise and, shift.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    return (a + b) * 3, a // 2, a & b, a << 1


opt = torch.compile(fn, backend="eager")
for out in opt(torch.arange(10), torch.arange(10, 20)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
