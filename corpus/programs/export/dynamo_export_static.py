"""torch._dynamo.export of a function with static shapes (assume_static_by_default=True): a tuple output.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    z = x @ y
    return z.relu(), (z * 2).sum(dim=1)


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(2, 3), torch.randn(3, 4))
a, b = gm(torch.randn(2, 3), torch.randn(3, 4))
print(tuple(a.shape), tuple(b.shape))
