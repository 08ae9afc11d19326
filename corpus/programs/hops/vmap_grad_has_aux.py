"""torch.func.vmap of torch.func.grad(has_aux=True): per-example gradients and an auxiliary output.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    y = a * w
    return y.sin().sum(), y.cos()


def fn(w, x):
    g, aux = torch.func.vmap(torch.func.grad(loss, has_aux=True), in_dims=(None, 0))(w, x)
    return g + aux

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
