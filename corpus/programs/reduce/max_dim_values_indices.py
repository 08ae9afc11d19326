"""max over a dim returns (values, indices); both used.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    values, indices = torch.max(x, dim=1)
    res = x.max(0, keepdim=True)
    return values * 2, indices + 1, res.values, res.indices, x.max()


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(4, 6)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
