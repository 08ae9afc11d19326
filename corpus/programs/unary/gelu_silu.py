"""F.gelu (default and tanh approximation) and F.silu.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return F.gelu(x) + F.gelu(x, approximate="tanh") + F.silu(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5, 5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
