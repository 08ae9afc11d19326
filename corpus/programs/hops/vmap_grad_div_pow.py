"""torch.func.vmap of torch.func.grad through a division and a power.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return ((a / w).pow(2) * 0.5).mean()


def fn(w, x):
    return torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0))(w, x)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4) + 3, torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
