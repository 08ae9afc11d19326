"""torch while_loop under no_grad whose body mutates a free buffer in place (allowed without grad).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)

ACC = torch.zeros(3)


def fn(i, x):
    def body_fn(i, x):
        ACC.add_(x)
        return i + 1, x * 2

    with torch.no_grad():
        return while_loop(lambda i, x: i < 3, body_fn, (i, x))


opt = torch.compile(fn, backend="eager")
i, x = opt(torch.tensor(0), torch.ones(3))
print(int(i), round(x.double().sum().item(), 4), round(ACC.double().sum().item(), 4))
