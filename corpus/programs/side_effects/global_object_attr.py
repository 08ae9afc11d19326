"""Attribute stores on an object reached from a global.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Registry:
    def __init__(self):
        self.entries = []
        self.total = 0


REG = Registry()


def fn(x):
    REG.entries.append("fn")
    REG.total = REG.total + x.shape[0]
    return x * REG.total


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(REG.entries, REG.total)
