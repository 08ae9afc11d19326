"""Modules reached through a list and a dict passed as arguments.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


def fn(x, mods, named):
    for m in mods:
        x = m(x)
    return named["out"](x)


mods = [nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4)]
named = {"out": nn.Linear(4, 2)}
opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 4), mods, named)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
