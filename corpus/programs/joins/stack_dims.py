"""torch.stack at dim 0 and dim -1.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b, c):
    return torch.stack([a, b, c]), torch.stack((a, b), dim=-1)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(4), torch.randn(4), torch.randn(4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
