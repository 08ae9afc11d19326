"""torch.func.grad_and_value of a function calling torch.func.vmap with out_dims=1.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(w, x):
    def loss(v):
        cols = torch.func.vmap(lambda a: (a * v).sin(), out_dims=1)(x)
        return cols.sum()

    g, value = torch.func.grad_and_value(loss)(w)
    return g * value

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
