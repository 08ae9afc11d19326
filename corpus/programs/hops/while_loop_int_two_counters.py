"""torch while_loop carrying two Python ints and a tensor: each int becomes an unbacked SymInt placeholder.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def cond_fn(i, j, x):
    return i < 4


def body_fn(i, j, x):
    return i + 1, j + i, x * 2 + j


def fn(x):
    return while_loop(cond_fn, body_fn, (0, 1, x))


opt = torch.compile(fn, backend="eager")
i, j, y = opt(torch.randn(2, 3))
print(int(i), int(j), round(y.double().sum().item(), 4))
