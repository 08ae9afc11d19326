"""F.max_pool2d with kernel 2 and with kernel 3, stride 2, padding 1.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return F.max_pool2d(x, 2), F.max_pool2d(x, kernel_size=3, stride=2, padding=1)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(1, 2, 8, 8)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
