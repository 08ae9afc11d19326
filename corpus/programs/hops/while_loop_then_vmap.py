"""torch while_loop, then torch.func.vmap in the same frame: the pytree module both reach keeps its first source (the while_loop wrapper's `pytree`), the import alias vmap's inlined pytree code uses is a DUPLICATE_INPUT.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x):
    (y,) = while_loop(lambda v: v.sum() < 10, lambda v: (v + 1.0,), (x,))
    return torch.func.vmap(lambda r: r.cos() * 2)(y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
