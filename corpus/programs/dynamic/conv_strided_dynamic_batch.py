"""A strided and a dilated conv with mark_dynamic on the batch: the backend selection
short-circuits before it reads the batch size, so no guard on it.

scope: part2
expect: 1 graphs, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

down = nn.Conv2d(2, 4, 3, stride=2, padding=1)
wide = nn.Conv2d(4, 4, 3, dilation=2, padding=2)


def fn(x):
    return wide(down(x).relu())


x = torch.randn(3, 2, 8, 8)
torch._dynamo.mark_dynamic(x, 0)
opt = torch.compile(fn, backend="eager")
a = opt(x)
print(tuple(a.shape), round(a.sum().item(), 3))
