"""F.layer_norm with and without weight and bias.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x, w, b):
    return F.layer_norm(x, (8,), w, b), F.layer_norm(x, x.shape[-1:])


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(3, 8), torch.randn(8), torch.randn(8)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
