"""torch._dynamo.export of a function reading a global tensor: install_free_tensors makes it a get_attr node.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
WEIGHT = torch.randn(3, 3)


def fn(x):
    return torch.mm(x, WEIGHT).sigmoid()


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(2, 3))
print(tuple(gm(torch.randn(2, 3)).shape))
