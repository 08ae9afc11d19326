"""sys.exc_info() and sys.exception() inside and outside except blocks (SysFunctionVariable, no guard of its own): the handled exception's class and value, or Nones.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import sys

import torch

torch.manual_seed(0)


class Oops(ValueError):
    pass


def f0(x):
    try:
        raise KeyError("k")
    except KeyError:
        typ, val, _ = sys.exc_info()
        hit = typ is KeyError and val.args[0] == "k"
    return x + (1 if hit else 2)


def f1(x):
    before = sys.exc_info()[0] is None and sys.exception() is None
    try:
        raise Oops("bad", 3)
    except ValueError:
        e = sys.exception()
        n = e.args[1]
    return x * n if before else x


def f2(x):
    try:
        y = x * 2
        raise RuntimeError("r")
    except RuntimeError:
        info = sys.exc_info()
        y = y + (3 if info[0] is RuntimeError else 4)
    return y


x = torch.randn(3)
print('f0', torch.compile(f0, backend="eager")(x))
print('f1', torch.compile(f1, backend="eager")(x))
print('f2', torch.compile(f2, backend="eager")(x))
