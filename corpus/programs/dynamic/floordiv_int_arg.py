"""dynamic=True: an int argument (a SymInt that may be negative) floor-divided and taken
modulo (FloorDiv, PythonMod), compared in a branch.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    q = n // 4
    m = n % 5
    if m < 3:
        return x * q + m
    return x - q


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(4), 13)
print(tuple(a.shape), round(a.sum().item(), 4))
