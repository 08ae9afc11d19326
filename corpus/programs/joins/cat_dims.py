"""torch.cat along dim 0, dim 1 and a negative dim.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    return torch.cat([a, b]), torch.cat((a, b), dim=1), torch.cat([a, a, b], -1)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(2, 3), torch.randn(2, 3)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
