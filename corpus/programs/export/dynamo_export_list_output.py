"""torch._dynamo.export of a function building and returning a list in a loop.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    outs = []
    for k in range(3):
        outs.append(x * (k + 1))
    return outs


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(5))
print(len(gm(torch.randn(5))))
