"""unsqueeze at several positions, squeeze all and one dim.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a = x.unsqueeze(0).unsqueeze(-1)
    b = torch.squeeze(a)
    c = a.squeeze(0)
    return a, b, c


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(3, 1, 4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
