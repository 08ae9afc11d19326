"""torch.func.vmap of torch.func.grad(argnums=(0, 1)) over dim 1, a mean loss: gradients laid out by the backward formulas through the batching rules.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return ((a * w).exp() * a).mean()


def fn(w, x):
    gw, ga = torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=(None, 1))(w, x)
    return gw + ga

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
