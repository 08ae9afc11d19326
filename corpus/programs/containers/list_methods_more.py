"""List methods beyond append/extend/pop/insert: index, count, reverse, remove, clear,
copy and sort on lists of constants, one of them a pre-existing list mutated in place.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

ORDER = [3, 1, 2]


def fn(x):
    dims = [4, 2, 4, 8]
    k = dims.index(2) + dims.count(4)
    dims.reverse()
    dims.remove(4)
    spare = dims.copy()
    spare.clear()
    ORDER.sort()
    y = x * k + len(spare)
    for d in dims:
        y = y + d
    return y * ORDER[0], dims


opt = torch.compile(fn, backend="eager")
y, dims = opt(torch.randn(3))
print(tuple(y.shape), round(y.sum().item(), 4), dims, ORDER)
