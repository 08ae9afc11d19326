"""operator.attrgetter made while tracing: a plain name, a dotted name and two names at once.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import operator

import torch

torch.manual_seed(0)


class Inner:
    def __init__(self, w):
        self.w = w


class Holder:
    def __init__(self, w, b):
        self.inner = Inner(w)
        self.b = b


def fn(x, y):
    h = Holder(x, y)
    w = operator.attrgetter("inner.w")(h)
    w2, b = operator.attrgetter("inner.w", "b")(h)
    return w * 2 + w2 - operator.attrgetter("b")(h) + b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
