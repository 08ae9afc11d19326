"""contextlib.nullcontext, with and without an enter_result.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


def fn(x):
    with contextlib.nullcontext():
        y = x.exp()
    with contextlib.nullcontext(5) as k:
        y = y - k
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
