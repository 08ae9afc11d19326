"""The same tensor passed twice, plus a view of it (aliasing between inputs).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b, c):
    return a + b * 2 + c.sum()


opt = torch.compile(fn, backend="eager")
x = torch.randn(4, 3)
out = opt(x, x, x[1:])
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
