"""dynamic,hops fuzz case 17672889526363802672: a while_loop carrying a tensor whose dynamic dim an earlier broadcast specialised (the core once raised Dynamo's metadata error here; now refused by name).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F
from torch._higher_order_ops.map import map as map_hop
from torch._higher_order_ops.while_loop import while_loop
from torch._higher_order_ops.wrap import wrap
from torch.utils.checkpoint import checkpoint

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.func.grad(lambda r: (r * 2).sum() + r.mean())(y)
    t2 = torch.zeros(x.shape[0], 4) + x
    c5, t3, t4 = while_loop(lambda i, v, w: i < 1, lambda i, v, w: (i + 1, v + w.abs(), w.cos()), (torch.tensor(0), x, x * 0 + t2.sum()))
    t6 = checkpoint(lambda a, scale=1.0: a * scale, t3, use_reentrant=False, scale=1)
    return t6


CALLS = 3
SIZES = (3, 5, 7)
INTS = (4, 4, 4)
COMPILE_KW = {'dynamic': True}


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.0]
    return inputs

opt = torch.compile(f, **COMPILE_KW, backend="eager")
for k in range(CALLS):
    print(opt(*make_inputs(k)).shape)
