"""torch.func.vmap of torch.func.grad over inputs with size-1 dims (broadcasting inside the transform).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return (a * w).sin().sum()


def fn(w, x):
    return torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0))(w, x)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(1, 4), torch.randn(3, 2, 1))
print(tuple(out.shape), round(out.double().sum().item(), 4))
