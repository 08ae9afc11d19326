"""warnings.catch_warnings() as a context manager (CatchWarningsCtxManagerVariable): Dynamo enters the real manager at compile time and restores the filters on exit, adding nothing to the graph; record=False given explicitly too.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import warnings

import torch

torch.manual_seed(0)


def f0(x):
    with warnings.catch_warnings():
        y = x * 2
    return y + 1


def f1(x, w):
    with warnings.catch_warnings(record=False):
        h = (x @ w).relu()
    return h.sum(dim=0)


def f2(x):
    y = x.cos()
    with warnings.catch_warnings():
        with warnings.catch_warnings():
            y = y + x
    return y


x = torch.randn(3, 3)
print('f0', torch.compile(f0, backend="eager")(x).shape)
print('f1', torch.compile(f1, backend="eager")(x, torch.randn(3, 3)).shape)
print('f2', torch.compile(f2, backend="eager")(x).shape)
