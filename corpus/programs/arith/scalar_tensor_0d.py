"""A 0-d tensor combined with a 2-d tensor and a Python float.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(s, x):
    return x * s + s / 2.0


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor(1.5), torch.randn(3, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
