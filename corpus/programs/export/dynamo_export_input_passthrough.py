"""torch._dynamo.export of a function returning one of its inputs unchanged next to a computed tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return x, y * 2


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(3), torch.randn(3))
print(len(gm(torch.randn(3), torch.randn(3))))
