"""sin and cos as torch functions and Tensor methods.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.sin(x) * x.cos()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
