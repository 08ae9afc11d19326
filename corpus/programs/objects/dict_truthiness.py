"""Branching on a pre-existing dict's truthiness (`d or {}`, `if d:`): Dynamo takes it as a
constant and guards its length and values.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

OPTIONS = {"depth": 2, "gain": 0.5}
EMPTY = {}


def fn(x):
    opts = OPTIONS or {}
    y = x * opts["gain"]
    if EMPTY:
        y = y + 100
    return y * len(opts)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
