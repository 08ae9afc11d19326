"""reshape using sizes read from x.shape inside the function.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    b, c, h, w = x.shape
    y = x.reshape(b, c, h * w).transpose(1, 2)
    return y.reshape(b * h * w, c)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3, 4, 5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
