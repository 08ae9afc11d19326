"""In-place mutation of an input tensor (add_ and slice assignment).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    x.add_(1)
    x[0] = 0
    return x * 2


opt = torch.compile(fn, backend="eager")
x = torch.randn(4)
out = opt(x)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(tuple(x.shape), x.dtype, round(x.double().sum().item(), 4))
