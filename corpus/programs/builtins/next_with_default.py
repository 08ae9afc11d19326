"""next() on a list iterator, with and without a default once it is exhausted.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    it = iter([x, y])
    first = next(it)
    second = next(it, None)
    third = next(it, None)
    if third is None:
        return first * 2 + second
    return first


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 3), torch.randn(3, 3))
print(tuple(out.shape), round(out.sum().item(), 4))
