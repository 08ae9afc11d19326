"""torch.func.vmap of torch.func.grad(argnums=1): the gradient with respect to the batched argument.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return (a * w).tanh().sum()


def fn(w, x):
    return torch.func.vmap(torch.func.grad(loss, argnums=1), in_dims=(None, 0))(w, x)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
