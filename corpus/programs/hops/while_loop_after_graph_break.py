"""torch while_loop after a graph break, so it is traced in the resume function.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(i, x):
    y = x.relu()
    print("break")
    return while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, y - 1), (i, y))


opt = torch.compile(fn, backend="eager")
i, y = opt(torch.tensor(0), torch.randn(3))
print(int(i), round(y.double().sum().item(), 4))
