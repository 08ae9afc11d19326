"""torch while_loop carrying a size read under dynamic=True (a backed SymInt unspecialized into an unbacked one).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x):
    return while_loop(lambda n, y: n > 1, lambda n, y: (n - 1, y + 1), (x.shape[0], x))


opt = torch.compile(fn, backend="eager", dynamic=True)
n, y = opt(torch.randn(6, 2))
print(int(n), round(y.double().sum().item(), 4))
