"""Slice assignment on lists built in the frame and on a list argument (written back).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, acc):
    m = [1, 2, 3, 4, 5]
    m[1:3] = [x, x + 1, x + 2]
    m[-2:] = (7,)
    m[::2] = [10, 20, 30]
    m[4:1] = [x * 2]
    m[:0] = []
    acc[1:] = [x - 1, x - 2]
    total = x * 0
    for v in m:
        total = total + v
    return total, len(m)


acc = [0, 1, 2, 3]
opt = torch.compile(fn, backend="eager")
out, n = opt(torch.randn(3), acc)
print(tuple(out.shape), round(out.sum().item(), 4), n, len(acc))
