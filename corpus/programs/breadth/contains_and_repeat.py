"""`in` with a constant searched over lists and tuples holding tensors, and int * list.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    mixed = [1, x, 3, "a", y]
    pair = (x, 2.5)
    hits = 0
    if 3 in mixed:
        hits += 1
    if 6 not in mixed:
        hits += 2
    if "a" in mixed:
        hits += 4
    if 2.5 in pair:
        hits += 8
    if True in [x, 1]:
        hits += 16
    rows = 3 * [x]
    cols = 2 * (y, x)
    return sum(rows) + sum(cols) * hits


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
