"""Objects made while tracing that escape, built with positional and keyword arguments:
Dynamo rebuilds each as cls.__new__(cls, *positional_args) before the returned values,
then replays its attribute stores in reverse, which fixes the graph's output order.

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import torch


class P:
    def __init__(self, a, b):
        self.a = a
        self.b = b


class P2:
    def __init__(self, a, b):
        self.b = b
        self.a = a
        self.c = a + b


def kwargs_only(x):
    return P(a=x * 2, b=x + 1)


def mixed(x):
    return P(x * 2, b=x + 1)


def stores_after(x):
    p = P2(a=x * 2, b=x + 1)
    p.d = x - 1
    return p


def values_around(x):
    y = x * 3
    return y, P2(x * 2, b=x - 1), x.sum(), P(x + 5, b=(x + 1, x - 1))


for f in (kwargs_only, mixed, stores_after, values_around):
    out = torch.compile(f, backend="eager")(torch.ones(2))
    print(type(out).__name__)
