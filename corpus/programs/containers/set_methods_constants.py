"""set methods on sets of constants (union, intersection, difference, symmetric_difference,
isdisjoint, issubset, issuperset) fold with no guard of their own.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, n, m):
    a = {n, 1, 2}
    b = {m, 2, 3}
    u = a.union(b, [7])
    i = a.intersection(b)
    d = a.difference(b, {1})
    s = a.symmetric_difference(b)
    flags = int(a.isdisjoint({9})) + int({1}.issubset(a)) + int(a.issuperset({2}))
    return x * (len(u) + len(i) + len(d) + len(s) + flags)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), 4, 5)
print(tuple(out.shape), round(out.sum().item(), 4))
