"""transpose with positive and negative dims, and t on 2-d.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, m):
    return x.transpose(0, 2) + 1, torch.transpose(x, -1, -2) * 2, m.t() - 1


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(2, 3, 4), torch.randn(3, 5)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
