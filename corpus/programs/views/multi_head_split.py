"""Splitting a hidden dimension into heads with view and permute.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


HEADS = 4


def fn(x):
    b, t, d = x.size()
    q = x.view(b, t, HEADS, d // HEADS).permute(0, 2, 1, 3)
    return q.reshape(b * HEADS, t, d // HEADS)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 5, 16))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
