"""max() and min() of dynamic sizes and ints: torch.sym_max / sym_min nodes whose values
are sympy Max / Min (no guard of their own), used as scalars, compared in Python (a guard
printed as max(...)), and folded where sympy folds them.

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import torch


def scale(x):
    n = max(x.size(0), 3)
    return x.sum() + n


def pick(x, y):
    m = min(x.size(0), y.size(0))
    return x * m, y * max(m, 2)


def branch(x):
    n = max(x.size(0), 3)
    if n > 5:
        return x + 1
    return x - 1


def zero_floor(x):
    return x * max(x.size(1), 0) + min(1, x.size(0))


out = [
    torch.compile(scale, backend="eager", dynamic=True)(torch.randn(4)),
    torch.compile(pick, backend="eager", dynamic=True)(torch.randn(4), torch.randn(6)),
    torch.compile(branch, backend="eager", dynamic=True)(torch.randn(7)),
    torch.compile(zero_floor, backend="eager", dynamic=True)(torch.randn(3, 5)),
]
print([tuple(o.shape) if hasattr(o, "shape") else len(o) for o in out])
