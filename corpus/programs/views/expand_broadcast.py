"""expand with -1 and explicit sizes, expand_as, then arithmetic.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    a = x.expand(3, -1, 4)
    b = y.expand_as(a)
    return a + b, a.contiguous()


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(1, 2, 1), torch.randn(2, 4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
