"""torch while_loop whose carried tensors are computed in the call itself (never stored: the inlined flatten names them child).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x, y):
    out = while_loop(lambda a, b: a.sum() < 8, lambda a, b: (a + b.abs(), b.clone()), (x * 0, y + 1))
    return out[0] - out[1]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
