"""round(x, ndigits) of float constants, int() with no argument (a defaultdict(int) factory),
enumerate(start=) by keyword and tuple.index/count on a tuple of constants.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch

torch.manual_seed(0)


def fn(x, y, n, s):
    r = round(s, 1) + round(2.675, 2) + round(2.5) + round(n, 2)
    counts = collections.defaultdict(int)
    for v in (n, 2, n):
        counts[v] += 1
    t = x
    for j, w in enumerate([x, y], start=1):
        t = t + w * j
    tp = (n, 2, 3)
    return t * r + counts[n] + tp.index(3) + tp.count(n)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3), 4, 1.26)
print(tuple(out.shape), round(out.sum().item(), 4))
