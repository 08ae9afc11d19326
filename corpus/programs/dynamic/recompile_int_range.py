"""An int argument that changes becomes a SymInt; range() of it specialises it again
(guard_int), so the second graph is for that value only.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    for _ in range(n):
        x = x * 2
    return x


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(3), 2)
b = opt(torch.ones(3), 3)
print(round(a.sum().item(), 4), round(b.sum().item(), 4))
