"""A contextmanager yielding a dict made in the generator; the with body adds to it and
the generator reads it back after the yield (a loop over its items).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)

TOTALS = []


@contextlib.contextmanager
def collecting():
    store = {}
    yield store
    total = 0
    for k, v in store.items():
        total = total + v
    TOTALS.append(len(store))
    store["total"] = total


def fn(x):
    with collecting() as s:
        s["a"] = x.sum(0)
        s["b"] = x.sum(1).mean()
    return s["total"] * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4), TOTALS)
