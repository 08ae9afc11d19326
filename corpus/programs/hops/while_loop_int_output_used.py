"""torch while_loop's int output (an unbacked SymInt bound from the loop's tuple) used after the loop.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x):
    n, y = while_loop(lambda n, y: n < 5, lambda n, y: (n + 2, y.cos()), (1, x))
    return y * n + 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 2))
print(tuple(out.shape), round(out.double().sum().item(), 4))
