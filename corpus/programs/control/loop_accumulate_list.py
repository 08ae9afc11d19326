"""Appending loop results to a local list then stacking.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    outs = []
    for i in range(4):
        outs.append(x[i] * (i + 1))
    return torch.stack(outs, 0).sum(0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
