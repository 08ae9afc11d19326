"""sqrt, abs and neg, including the unary minus operator.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.sqrt(x.abs()) - x.neg() + (-x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 2))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
