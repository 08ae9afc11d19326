"""torch._higher_order_ops.map whose body mutates its slice in place: Dynamo refuses the map.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError
"""
import torch
from torch._higher_order_ops.map import map as hop_map

torch.manual_seed(0)


def body(x):
    x.mul_(2)
    return x + 1


def fn(xs):
    return hop_map(body, xs)


opt = torch.compile(fn, backend="eager")
try:
    out = opt(torch.randn(2, 3))
    print(tuple(out.shape))
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
