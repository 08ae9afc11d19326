"""Rebinding module-level globals (an int and a tensor) with the global statement.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


COUNTER = 0
LAST = None


def fn(x):
    global COUNTER, LAST
    COUNTER = COUNTER + 1
    LAST = x * 10
    return x + COUNTER


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(COUNTER, round(LAST.sum().item(), 4))
