"""A helper taking **kwargs, called with keywords and a splatted dict.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def weighted(x, **weights):
    out = x
    for name in sorted(weights):
        out = out * weights[name]
    return out + len(weights)


def fn(x):
    opts = {"a": 2.0, "b": 0.5}
    return weighted(x, a=3.0) + weighted(x, **opts) + weighted(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
