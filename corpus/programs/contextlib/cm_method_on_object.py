"""A @contextlib.contextmanager method of a user object (self bound through the helper's
*args), reading and writing the object's attributes around the yield.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)


class Scaler:
    def __init__(self, k):
        self.k = k
        self.active = False

    @contextlib.contextmanager
    def scaled(self, t):
        self.active = True
        yield t * self.k
        self.active = False


S = Scaler(3.0)


def fn(x):
    with S.scaled(x) as y:
        z = y + 1
    return z


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4), S.active)
