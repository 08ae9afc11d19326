"""Updating a module-level dict with update() and setdefault().

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


STATS = {"calls": 0}


def fn(x):
    STATS.update({"last_sum": x.sum(), "calls": STATS["calls"] + 1})
    STATS.setdefault("first_shape", tuple(x.shape))
    return x * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(sorted(STATS), STATS["calls"], STATS["first_shape"])
