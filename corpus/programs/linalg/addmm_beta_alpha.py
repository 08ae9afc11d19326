"""torch.addmm with default and keyword beta/alpha.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(bias, a, b):
    return torch.addmm(bias, a, b) + torch.addmm(bias, a, b, beta=0.5, alpha=2.0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(2, 4), torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
