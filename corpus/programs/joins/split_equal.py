"""split into equal chunks and unpack the result tuple.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a, b, c = x.split(2, dim=0)
    return a + b * c


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
