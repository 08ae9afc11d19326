"""dynamic=True: a size floor-divided by 2 in a branch (FloorDiv; the guard through it
becomes a range on the size: try_solve's floordiv_inequality), and in tensor arithmetic
(an operator.floordiv node).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    half = x.shape[0] // 2
    if half > 3:
        y = x * half
    else:
        y = x - half
    return y + (x.shape[0] + 1) // 2


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(9))
print(tuple(a.shape), round(a.sum().item(), 4))
