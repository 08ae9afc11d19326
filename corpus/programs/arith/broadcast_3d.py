"""Broadcasting across three ranks (2,1,4) with (3,1) and (4,).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b, c):
    return a * b + c


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 1, 4), torch.randn(3, 1), torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
