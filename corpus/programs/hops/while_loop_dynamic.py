"""while_loop with dynamic=True: the carried tensor's size symbol lifted into cond_fn and body_fn.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x):
    def cond_fn(t):
        return t.sum() < 50

    def body_fn(t):
        return (t + 1.5,)

    return while_loop(cond_fn, body_fn, (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
(out,) = opt(torch.randn(5))
print(tuple(out.shape), round(out.double().sum().item(), 4))
