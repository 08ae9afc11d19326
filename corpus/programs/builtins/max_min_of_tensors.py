"""Builtin max/min over tensors: with a constant they become torch.clamp, between tensors
torch.maximum / torch.minimum, folded over several values and over a list.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b, c):
    x = max(a, 0.0)
    y = min(1, b)
    z = max(a, b, c)
    w = min([a, b, c])
    return x + y + z - w + max(2, 3)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
