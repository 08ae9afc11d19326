"""dynamic=True: `!=` on a size and on a size minus one guard as they are written
(_maybe_guard_rel returns early on Ne: no range narrows).

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f(x):
    if x.shape[0] != 2:
        return x + 1
    return x - 1


def g(x):
    if x.shape[0] - 1 != 1:
        return x + 1
    return x - 1


a = torch.compile(f, backend="eager", dynamic=True)(torch.randn(8, 3))
b = torch.compile(g, backend="eager", dynamic=True)(torch.randn(8, 3))
print(tuple(a.shape), tuple(b.shape), round((a + b).sum().item(), 4))
