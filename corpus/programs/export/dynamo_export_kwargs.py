"""torch._dynamo.export of a function taking a keyword tensor input and a keyword default.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, *, bias, scale=3.0):
    return (x + bias) * scale


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(2, 3), bias=torch.ones(3))
print(tuple(gm(torch.randn(2, 3), bias=torch.ones(3)).shape))
