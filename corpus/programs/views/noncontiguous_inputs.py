"""Transposed, sliced with a step, and expanded inputs (non-default strides).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(t, s, e):
    return t * 2 + s + e


opt = torch.compile(fn, backend="eager")
base = torch.randn(6, 4)
out = opt(base.t()[:, :4], torch.randn(4, 8)[:, ::2], torch.randn(1, 4).expand(4, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
