"""torch._higher_order_ops.map over a dynamic leading dim (dynamic=True).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.map import map as hop_map

torch.manual_seed(0)


def fn(xs, y):
    return hop_map(lambda r, w: r * w + 1, xs, y)


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(4, 3), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
