"""torch.func.vmap of torch.func.grad over a transposed (non-contiguous) batched input.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return (a * w).sigmoid().sum()


def fn(w, x):
    return torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0))(w, x.t())

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
