"""torch while_loop whose cond and body read free tensors of the frame (lifted, merged as additional inputs).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x, limit, step):
    def cond_fn(t):
        return t.sum() < limit

    def body_fn(t):
        return (t + step,)

    return while_loop(cond_fn, body_fn, (x,))


opt = torch.compile(fn, backend="eager")
(out,) = opt(torch.zeros(3), torch.tensor(10.0), torch.ones(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
