"""torch._dynamo.export of a function scaling by a tensor's .item(): capture_scalar_outputs (on under export) keeps the scalar in the graph as an unbacked float.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    s = x.max().item()
    return x / s


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.rand(2, 3) + 1)
print(tuple(gm(torch.rand(2, 3) + 1).shape))
