"""itertools.product (with repeat=), combinations, permutations, chain and
chain.from_iterable over constants and tensors.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import itertools

import torch

torch.manual_seed(0)


def fn(x, y):
    acc = x
    for t, k in itertools.product([x, y], [1, 2]):
        acc = acc + t * k
    n_pairs = len(list(itertools.combinations(range(4), 2)))
    n_perms = len(list(itertools.permutations("abc", 2)))
    grid = list(itertools.product([0, 1], repeat=2))
    for t in itertools.chain([x], (y,), [acc]):
        acc = acc - t * 0.5
    flat = list(itertools.chain.from_iterable([[1, 2], [3]]))
    return acc * (n_pairs + n_perms + len(grid) + sum(flat))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
