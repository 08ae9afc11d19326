"""The same function called with float32 then float64 inputs.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.sin() + 1


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(4))
b = opt(torch.randn(4, dtype=torch.float64))
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
