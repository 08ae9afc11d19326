"""A try/except that never raises around tensor ops.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, d):
    try:
        scale = d["scale"]
    except KeyError:
        scale = 1.0
    return x * scale


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), {"scale": 4.0})
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
