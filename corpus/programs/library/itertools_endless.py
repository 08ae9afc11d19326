"""The endless itertools: itertools.count (CountIteratorVariable, with start and step), itertools.repeat without a count (RepeatIteratorVariable) and with one (the polyfills.repeat generator), and itertools.cycle (its polyfill generator), each consumed by zip, next() or a for loop.

scope: part1
expect: 5 graphs, 0 breaks, 0 recompiles
"""
import itertools

import torch

torch.manual_seed(0)


def f0(x):
    c = itertools.count()
    return x + next(c) + next(c) * 10


def f1(x, ws):
    out = x
    for i, w in zip(itertools.count(2, 3), ws):
        out = out + w * i
    return out


def f2(x):
    r = itertools.repeat(2.5)
    return x * next(r) + next(r)


def f3(x):
    out = x
    for t in itertools.repeat(x, 3):
        out = out * t
    return out


def f4(x, scales):
    out = x
    for i, s in zip(range(5), itertools.cycle(scales)):
        out = out + s * i
    return out


print('f0', round(torch.compile(f0, backend="eager")(torch.randn(3)).sum().item(), 4))
print('f1', round(torch.compile(f1, backend="eager")(torch.randn(3), [torch.randn(3), torch.randn(3)]).sum().item(), 4))
print('f2', round(torch.compile(f2, backend="eager")(torch.randn(3)).sum().item(), 4))
print('f3', round(torch.compile(f3, backend="eager")(torch.randn(3)).sum().item(), 4))
print('f4', round(torch.compile(f4, backend="eager")(torch.randn(3), [1, 2]).sum().item(), 4))
