"""A standard-library function inlined with its own module's globals (colorsys reads
ONE_THIRD and its helper _v): Dynamo reads them through SkipGuardSource, so no guard.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import colorsys

import torch

torch.manual_seed(0)


def fn(x):
    r, g, b = colorsys.hls_to_rgb(0.25, 0.5, 0.75)
    return x * r + g - b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
