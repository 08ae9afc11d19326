"""sigmoid and tanh as functions and methods.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.sigmoid(x) * x.tanh() + torch.tanh(x).sigmoid()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(8))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
