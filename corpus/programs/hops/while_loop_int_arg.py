"""torch while_loop carrying an int argument of the frame (specialized to a constant, then unspecialized).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x, start):
    return while_loop(lambda n, y: n < 6, lambda n, y: (n + 1, y.sin()), (start, x))


opt = torch.compile(fn, backend="eager")
n, y = opt(torch.randn(3), 2)
print(int(n), round(y.double().sum().item(), 4))
