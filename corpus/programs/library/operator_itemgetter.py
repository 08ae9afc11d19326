"""operator.itemgetter made while tracing: one item, several items (a tuple), and as a sort key.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import operator

import torch

torch.manual_seed(0)


def fn(xs, n):
    first = operator.itemgetter(1)(xs) * 2
    a, b = operator.itemgetter(0, 2)(xs)
    pairs = sorted([(n, "a"), (2, "b"), (5, "c")], key=operator.itemgetter(0))
    return first + a - b + pairs[0][0]


opt = torch.compile(fn, backend="eager")
out = opt([torch.randn(3), torch.randn(3), torch.randn(3)], 4)
print(tuple(out.shape), round(out.sum().item(), 4))
