"""torch._higher_order_ops.wrap.wrap whose function returns its input, a new tensor and a constant.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.wrap import wrap

torch.manual_seed(0)


def f(a, b):
    return a, a * b, 3


def fn(x, y):
    p, q, n = wrap(f, x, y)
    return p + q * n


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
