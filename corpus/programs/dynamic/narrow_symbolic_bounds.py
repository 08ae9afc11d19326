"""narrow with SymInt starts and lengths along a dynamic dim: the refs' checks (length
>= 0, start in range, start <= size - length) and the slice's index resolution, each a
guard only where the ranges leave it open.

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import torch


def drop_last(x):
    b = x.size(0)
    return x.narrow(0, 0, b - 1).sum(0)


def middle(x):
    b = x.size(0)
    return torch.narrow(x, 0, 1, b // 2) * 2


def tail(x, y):
    return x.narrow(1, 1, x.size(1) - 2).sum(1) + y.size(0)


def from_end(x):
    return x.narrow(0, -2, 2).sum(0)


out = [
    torch.compile(drop_last, backend="eager", dynamic=True)(torch.randn(6, 3)),
    torch.compile(middle, backend="eager", dynamic=True)(torch.randn(7)),
    torch.compile(tail, backend="eager", dynamic=True)(torch.randn(2, 9), torch.randn(4)),
    torch.compile(from_end, backend="eager", dynamic=True)(torch.randn(5, 2)),
]
print([tuple(o.shape) for o in out])
