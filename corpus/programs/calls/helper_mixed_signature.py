"""A helper with positional-only, keyword-only, *args and **kwargs.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def combine(a, b=1.0, /, *rest, scale, bias=0.0, **extra):
    out = a * b * scale + bias
    for r in rest:
        out = out + r
    return out + extra.get("offset", 0.0)


def fn(x, y):
    return combine(x, scale=2.0) + combine(x, 3.0, y, y, scale=0.5, bias=1.0, offset=4.0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
