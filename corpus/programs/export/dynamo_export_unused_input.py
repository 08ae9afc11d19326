"""torch._dynamo.export of a function with an input it never reads and an int argument: export realises every input up front.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, unused, n):
    return x.repeat(n, 1) * 2


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(2, 3), torch.randn(4), 2)
print(tuple(gm(torch.randn(2, 3), torch.randn(4), 2).shape))
