"""size(), size(i), shape and shape[i] used as Python ints in arithmetic.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    n = x.size(0) * x.shape[1]
    return x.view(n) * x.size()[-1], x.shape


opt = torch.compile(fn, backend="eager")
out, shape = opt(torch.randn(3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(tuple(shape))
