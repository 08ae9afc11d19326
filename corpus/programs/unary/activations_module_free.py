"""F.softplus, F.leaky_relu, F.elu and F.hardtanh with keyword arguments.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return F.softplus(x) + F.leaky_relu(x, negative_slope=0.2) + F.elu(x) + F.hardtanh(x, -0.5, 0.5)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
