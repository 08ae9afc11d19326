"""torch._higher_order_ops.wrap.wrap around a function reading a free tensor: a wrap node calling wrap_body_0.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.wrap import wrap

torch.manual_seed(0)


def fn(x, y):
    z = y + 1
    return wrap(lambda a: a.cos() * z, x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
