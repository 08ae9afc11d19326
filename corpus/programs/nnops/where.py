"""torch.where with tensor and scalar branches.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.where(x > 0, x, y), torch.where(x > y, 1.0, 0.0), torch.where(x < 0, 0.0, x)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(3, 3), torch.randn(3, 3)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
