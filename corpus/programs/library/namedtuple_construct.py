"""collections.namedtuple instances built in the frame, positionally and by keyword: fields
read by name and by index, unpacked, and a new one returned.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch

torch.manual_seed(0)

Pair = collections.namedtuple("Pair", ["a", "b"])


def fn(x, y, n):
    p = Pair(x, n)
    q = Pair(a=y, b=x)
    u, v = q
    return Pair(p.a * p.b + p[0], u - v + q.a)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3), 2)
print(type(out).__name__, tuple(out.a.shape), round(out.b.sum().item(), 4))
