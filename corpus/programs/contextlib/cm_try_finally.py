"""A contextmanager whose generator wraps the yield in try/finally: the finally block
runs on the normal exit (next() after the yield, then StopIteration).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)

LOG = []


@contextlib.contextmanager
def tracked(t):
    LOG.append("enter")
    try:
        yield t.relu()
    finally:
        LOG.append("exit")


def fn(x):
    with tracked(x) as r:
        y = r + x
    return y * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4), LOG)
