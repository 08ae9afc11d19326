"""mark_dynamic on the batch of a float32 conv whose batch is at least 16: the fake
convolution's backend selection (MKLDNN for batch >= 16) guards the batch symbol.

scope: part2
expect: 1 graphs, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

conv = nn.Conv2d(3, 8, 1)


def fn(x):
    return conv(x).sigmoid()


x = torch.randn(20, 3, 4, 4)
torch._dynamo.mark_dynamic(x, 0)
opt = torch.compile(fn, backend="eager")
print(tuple(opt(x).shape), round(opt(x).sum().item(), 3))
