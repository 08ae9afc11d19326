"""contextlib.nullcontext with an enter_result, and a bare nullcontext(), next to a
@contextmanager.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def scaled(k):
    yield k


def fn(x, use):
    cm = scaled(3) if use else contextlib.nullcontext(2)
    with cm as k:
        y = x * k
    with contextlib.nullcontext():
        y = y + 1
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3), True)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
