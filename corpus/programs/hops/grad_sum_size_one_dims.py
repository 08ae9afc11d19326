"""torch.func.grad of a sum over a tensor with size-1 dims: under Dynamo sum's expanded gradient (traced through prims.broadcast_in_dim) has stride 1 along the size-1 dims and 0 along the others.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.grad(lambda r: r.sum() * 2)(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 1, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
