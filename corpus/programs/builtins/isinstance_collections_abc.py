"""isinstance against collections.abc.Iterable and Mapping (list, dict, int, str, tensor),
then dict() of pairs, whose polyfill reads the same Iterable class from another module.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
from collections.abc import Iterable, Mapping

import torch

torch.manual_seed(0)


def fn(x, items, cfg):
    n = 0
    if isinstance(items, Iterable):
        n += 1
    if isinstance(cfg, Mapping):
        n += 2
    if isinstance(3, Iterable):
        n += 4
    if isinstance("ab", Iterable):
        n += 8
    if isinstance(x, (Mapping, int)):
        n += 16
    if isinstance(items, Mapping):
        n += 32
    d = dict([("a", 1), ("b", 2)])
    return x * n + d["a"] + cfg["k"]


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(4), [1, 2], {"k": 3})
print(tuple(out.shape), round(out.sum().item(), 4))
