"""sum over one dim, negative dim, keepdim and a tuple of dims.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.sum(1), x.sum(-1, keepdim=True), x.sum(dim=(0, 2)), torch.sum(x, 0, keepdim=True)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(2, 3, 4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
