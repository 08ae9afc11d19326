"""torch._higher_order_ops.map over the rows of a tensor with an extra argument: a body_graph_0 subgraph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; map is a later slice (core unsupported)
"""
import torch
from torch._higher_order_ops.map import map as hop_map

torch.manual_seed(0)


def fn(xs, y):
    return hop_map(lambda x, y: x * y + 1, xs, y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
