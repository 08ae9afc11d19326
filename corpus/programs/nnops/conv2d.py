"""F.conv2d with bias, stride and padding.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x, w, b):
    return F.conv2d(x, w, b, stride=2, padding=1), F.conv2d(x, w)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3), torch.randn(4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
