"""zip(strict=True) over equal-length lists, unpacked row by row in a loop.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    weights = [0.5, 2.0, -1.0]
    inputs = [x, y, x * y]
    acc = torch.zeros_like(x)
    for w, t in zip(weights, inputs, strict=True):
        acc = acc + w * t
    rows = list(zip(range(3), "abc"))
    return acc * len(rows) + rows[2][0]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
