"""dim() and numel() returned and used to scale a tensor.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x / x.numel() + x.dim(), x.ndim, x.numel()


opt = torch.compile(fn, backend="eager")
out, nd, ne = opt(torch.randn(2, 3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(nd, ne)
