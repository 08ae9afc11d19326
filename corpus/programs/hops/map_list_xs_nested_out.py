"""torch._higher_order_ops.map over a list of tensors, the body returning a nested tuple and list.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.map import map as hop_map

torch.manual_seed(0)


def body(xs, k):
    a, b = xs
    return (a + b, [a * k, b.cos()])


def fn(a, b, k):
    s, (p, q) = hop_map(body, [a, b], k)
    return s.sum() + p.sum() + q.sum()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 2), torch.randn(3, 2), torch.randn(2))
print(round(out.item(), 4))
