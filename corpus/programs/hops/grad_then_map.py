"""torch.func.grad, then the map higher-order op in the same frame: functools.partial and the pytree module reached by both are deduplicated by identity (DUPLICATE_INPUT on the map wrapper's sources).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.map import map as map_hop

torch.manual_seed(0)


def fn(x, y):
    g = torch.func.grad(lambda r: (r.sin() * 2).sum())(y)
    rows = map_hop(lambda r: (r + 1) * 2, x)
    return g + rows


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
