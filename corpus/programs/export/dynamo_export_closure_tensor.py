"""torch._dynamo.export of a closure over a tensor: the free tensor read through the cell becomes a get_attr node.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def make(offset):
    def fn(x):
        return x - offset

    return fn


fn = make(torch.randn(4))
gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(2, 4))
print(tuple(gm(torch.randn(2, 4)).shape))
