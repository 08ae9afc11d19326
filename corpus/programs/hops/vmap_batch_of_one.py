"""torch.func.vmap over a dim of size 1 (in_dims=1, out_dims=1): the unary rule keeps the batch dim in place, which shows in the strides of the size-1 dim.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(z):
    return torch.func.vmap(lambda r: r.cos() - r.mean(), in_dims=1, out_dims=1)(z)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 1))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
