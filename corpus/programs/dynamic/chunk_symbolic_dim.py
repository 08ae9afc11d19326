"""chunk and split by an int along a dynamic dim: the pieces' sizes are FloorDiv
expressions, the number of pieces is pinned by a guard (guard_int in the split
decomposition), and a last piece that could be negative is checked (>= 0).

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import torch


def halves(x):
    a, b = x.chunk(2)
    return a.sum(0) + b.sum(0)


def thirds(x):
    return torch.chunk(x, 3, dim=1)[2].sum(1)


def by_two(x):
    parts = x.split(2)
    return parts[0] + parts[1], parts[-1].sum()


def first(x):
    return x.chunk(4)[0].mean(0)


out = [
    torch.compile(halves, backend="eager", dynamic=True)(torch.randn(7, 3)),
    torch.compile(thirds, backend="eager", dynamic=True)(torch.randn(2, 8)),
    torch.compile(by_two, backend="eager", dynamic=True)(torch.randn(5, 2)),
    torch.compile(first, backend="eager", dynamic=True)(torch.randn(6, 4)),
]
print([tuple(o.shape) if hasattr(o, "shape") else len(o) for o in out])
