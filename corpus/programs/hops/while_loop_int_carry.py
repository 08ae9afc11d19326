"""torch while_loop carrying a Python int: Dynamo unspecializes it into an unbacked SymInt.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x):
    return while_loop(lambda n, y: n < 3, lambda n, y: (n + 1, y + n), (0, x))


opt = torch.compile(fn, backend="eager")
n, y = opt(torch.randn(3))
print(int(n), round(y.double().sum().item(), 4))
