"""itertools functions Dynamo replaces by generator polyfills, over constant ints: pairwise, accumulate, zip_longest, takewhile, dropwhile, filterfalse, compress, starmap.

scope: part2
expect: 8 graphs, 0 breaks, 0 recompiles
"""
import itertools
import operator

import torch

torch.manual_seed(0)


def f0(x):
    return x * sum(a * b for a, b in itertools.pairwise([1, 2, 3, 4]))


def f1(x):
    return x + list(itertools.accumulate([1, 2, 3, 4]))[-1]


def f2(x):
    return x * len(list(itertools.zip_longest([1, 2, 3], "ab", fillvalue=0)))


def f3(x):
    return x - sum(itertools.takewhile(lambda v: v < 3, [1, 2, 3, 1]))


def f4(x):
    return x * sum(itertools.dropwhile(lambda v: v < 3, [1, 2, 3, 1]))


def f5(x):
    return x + sum(itertools.filterfalse(lambda v: v % 2, [1, 2, 3, 4]))


def f6(x):
    return x * sum(itertools.compress([1, 2, 3, 4], [1, 0, 1, 0]))


def f7(x):
    return x + sum(itertools.starmap(operator.mul, [(1, 2), (3, 4)]))


for i, f in enumerate([f0, f1, f2, f3, f4, f5, f6, f7]):
    out = torch.compile(f, backend="eager")(torch.randn(3))
    print(i, tuple(out.shape), round(out.double().sum().item(), 4))
