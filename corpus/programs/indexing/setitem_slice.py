"""Writing into a slice of a cloned tensor with a scalar and a tensor.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, v):
    y = x.clone()
    y[0] = 0.0
    y[1:, :2] = v
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(2, 2))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
