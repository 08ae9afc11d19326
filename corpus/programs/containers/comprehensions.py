"""List and dict comprehensions over a range and over tensors.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    powers = [x ** i for i in range(1, 4)]
    named = {f"p{i}": p.sum() for i, p in enumerate(powers)}
    return torch.stack(powers).sum(0) + named["p0"]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
