"""torch while_loop whose body returns a constant for the int carry and uses the carry in the tensor update.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def cond_fn(k, y):
    return k > 0


def body_fn(k, y):
    return 0, y - k


def fn(x):
    return while_loop(cond_fn, body_fn, [3, x])


opt = torch.compile(fn, backend="eager")
k, y = opt(torch.randn(5))
print(int(k), round(y.double().sum().item(), 4))
