"""torch.func.vmap of torch.func.grad(argnums=(0, 1)) of a two-weight loss averaged over the example's features.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, b, a):
    return ((a * w + b).tanh() * a).mean()


def fn(w, b, x):
    gw, gb = torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=(None, None, 0))(w, b, x)
    return gw * gb

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
