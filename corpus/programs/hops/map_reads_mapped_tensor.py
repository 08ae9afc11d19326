"""torch._higher_order_ops.map whose body reads the mapped tensor itself: the body's inputs alias, Dynamo refuses the map.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError
"""
import torch
from torch._higher_order_ops.map import map as hop_map

torch.manual_seed(0)


def fn(xs):
    return hop_map(lambda r: r + xs.sum(), xs)


opt = torch.compile(fn, backend="eager")
try:
    out = opt(torch.randn(2, 3))
    print(tuple(out.shape))
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
