"""matmul broadcasting a 3-d batch against a 2-d matrix, and matrix-vector.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, w, v):
    return a @ w, w @ v


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(2, 3, 4), torch.randn(4, 6), torch.randn(6)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
