"""clamp, maximum, minimum and clamp_min on float tensors.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.clamp(x, -0.5, 0.5) + torch.maximum(x, y) - torch.minimum(x, y) + x.clamp_min(0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 5), torch.randn(3, 5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
