"""An exception inside the with: the generator's finally block runs (gen.throw), the
exception propagates and the frame catches it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)

LOG = []


@contextlib.contextmanager
def guarded(t):
    try:
        yield t
    finally:
        LOG.append("cleanup")


def fn(x):
    try:
        with guarded(x.cos()) as c:
            y = c * 2
            raise RuntimeError("fail")
    except RuntimeError:
        y = x - 1
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4), LOG)
