"""torch while_loop with an int counter carried beside a tensor, the loop condition on the tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x):
    def cond_fn(n, y):
        return y.abs().sum() < 100.0

    def body_fn(n, y):
        return n + 1, y * 1.5 + 0.1

    return while_loop(cond_fn, body_fn, (0, x))


opt = torch.compile(fn, backend="eager")
n, y = opt(torch.randn(4))
print(int(n), round(y.double().sum().item(), 4))
