"""torch while_loop carrying a counter tensor and a value: cond_fn_0 / body_fn_0 subgraphs.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; while_loop is a later slice (core unsupported)
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(i, x):
    return while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, x * 2), (i, x))


opt = torch.compile(fn, backend="eager")
i, x = opt(torch.tensor(0), torch.randn(3))
print(int(i), tuple(x.shape), round(x.double().sum().item(), 4))
