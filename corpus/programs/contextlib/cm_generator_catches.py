"""An exception raised inside the with; the generator catches it around its yield
(gen.throw from __exit__, StopIteration, the exception suppressed).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def swallow():
    try:
        yield
    except ValueError:
        pass


def fn(x):
    y = x + 1
    with swallow():
        y = y * 2
        raise ValueError("boom")
    return y.sin()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
