"""torch while_loop carrying a nested pytree (a tuple and a list): the flat cond_fn / body_fn take the leaves.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(i, a, b, c):
    def cond_fn(i, pair, rest):
        return i < 4

    def body_fn(i, pair, rest):
        x, y = pair
        return i + 1, (x + y, y * 2), [rest[0] - x]

    return while_loop(cond_fn, body_fn, (i, (a, b), [c]))


opt = torch.compile(fn, backend="eager")
i, (x, y), [z] = opt(torch.tensor(0), torch.randn(3), torch.randn(3), torch.randn(3))
print(int(i), round(x.double().sum().item(), 4), round(y.double().sum().item(), 4), round(z.double().sum().item(), 4))
