"""torch.add/torch.sub with alpha= keyword and torch.mul/torch.div functions.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.div(torch.mul(torch.add(x, y, alpha=2), y), 4) - torch.sub(x, y, alpha=0.5)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 6), torch.randn(2, 6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
