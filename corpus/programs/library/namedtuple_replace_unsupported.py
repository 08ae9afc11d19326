"""namedtuple._replace and _fields: Dynamo traces the class's generated _make through map
and the closure cells of collections.namedtuple; the core names it unsupported.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch

torch.manual_seed(0)

Pair = collections.namedtuple("Pair", ["a", "b"])


def fn(x, n, m):
    pr = Pair(n, m)._replace(b=3)
    return x * ((len(Pair._fields) + pr.b + pr[0]) % 7)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), 3, 4)
print(tuple(out.shape), round(out.sum().item(), 4))
