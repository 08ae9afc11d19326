"""A @contextlib.contextmanager around tensor ops: the generator's body before and after
the yield runs as traced code (x.sin() inside, + 1 after).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


@contextlib.contextmanager
def scoped():
    yield


def fn(x):
    with scoped():
        y = x.sin() * 2
    return y + 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
