"""A nested tuple argument unpacked in the signature body.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(pair, scale):
    (a, b), c = pair
    return (a + b) * c * scale


opt = torch.compile(fn, backend="eager")
out = opt(((torch.randn(2), torch.randn(2)), torch.randn(2)), 3.0)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
