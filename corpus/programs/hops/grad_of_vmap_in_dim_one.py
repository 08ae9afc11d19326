"""torch.func.grad of a function calling torch.func.vmap over dim 1 of a free tensor, with a per-row mean.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(w, x):
    def loss(v):
        rows = torch.func.vmap(lambda a: (a * v).tanh().mean(), in_dims=1)(x)
        return rows.sum()

    return torch.func.grad(loss)(w)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
