"""torch.func.vmap of torch.func.grad of a function that calls torch.func.vmap (vmap, grad, vmap levels).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return torch.func.vmap(lambda c: (c * w).sin())(a).sum()


def fn(w, x):
    return torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0))(w, x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(2, 3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
