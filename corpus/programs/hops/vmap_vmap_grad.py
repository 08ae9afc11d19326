"""torch.func.vmap of torch.func.vmap of torch.func.grad: two vmap levels under a grad level.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return (a * w).sin().sum()


def fn(w, x):
    inner = torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0))
    return torch.func.vmap(inner, in_dims=(None, 0))(w, x)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(2, 3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
