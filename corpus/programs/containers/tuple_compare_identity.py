"""Tuple ordering where the items compared first are the same value: CPython's identity
shortcut decides them equal without reading them, so nothing is guarded on n.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    a = int((n, 2) < (n, 3)) + int((n, n) >= (n, n)) + int((n, 1, 5) > (n, 1))
    return x * a


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), 4)
print(tuple(out.shape), round(out.sum().item(), 4))
