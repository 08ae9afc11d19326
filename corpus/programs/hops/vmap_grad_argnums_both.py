"""torch.func.vmap of torch.func.grad(argnums=(0, 1)): a tuple of gradients, one unbatched input's, one batched input's.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return (a * w).cos().sum()


def fn(w, x):
    gw, gx = torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=(None, 0))(w, x)
    return gw + gx

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
