"""torch._higher_order_ops.map whose body reads a free tensor (lifted) and returns a tuple.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.map import map as hop_map

torch.manual_seed(0)


def fn(xs, w):
    scale = w.sum()

    def body(row):
        return row * scale, row.sin()

    a, b = hop_map(body, xs)
    return a + b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
