"""torch.func.vmap of torch.func.grad_and_value: per-example gradients and losses.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return (a * w).sin().mean()


def fn(w, x):
    g, v = torch.func.vmap(torch.func.grad_and_value(loss), in_dims=(None, 0))(w, x)
    return g * v.unsqueeze(1)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
