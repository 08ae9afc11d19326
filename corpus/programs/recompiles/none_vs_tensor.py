"""An optional argument passed as None, then as a tensor.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, mask=None):
    if mask is not None:
        x = x.masked_fill(mask, 0.0)
    return x * 2


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(4))
b = opt(torch.ones(4), torch.tensor([True, False, True, False]))
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
