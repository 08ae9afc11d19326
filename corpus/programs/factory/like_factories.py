"""zeros_like, ones_like, full_like and empty_like-free arithmetic.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.zeros_like(x) + torch.ones_like(x, dtype=torch.float64) + torch.full_like(x, 3)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
