"""prod, std and var over a dim.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.prod(dim=1), x.std(dim=0), torch.var(x, dim=1, keepdim=True)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(4, 3)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
