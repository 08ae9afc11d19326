"""torch while_loop whose carried inputs are computed in the frame, and whose result feeds more ops.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x):
    start = x.abs() + 1
    count = (x > 0).sum()
    c, y = while_loop(lambda c, y: c > 0, lambda c, y: (c - 1, y * 1.5), (count, start))
    return y.mean() + c


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), round(out.item(), 4))
