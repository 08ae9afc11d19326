"""argmax and argmin with and without dim.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.argmax(), torch.argmax(x, dim=1), x.argmin(dim=0, keepdim=True)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(5, 3)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
