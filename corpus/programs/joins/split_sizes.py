"""split with a list of sizes along the last dim.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    parts = torch.split(x, [1, 3, 2], dim=-1)
    return parts[0].sum(-1) + parts[1].sum(-1) - parts[2].sum(-1)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
