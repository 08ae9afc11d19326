"""Structural pattern matching (sequence, mapping, class patterns) and dict displays with ** unpacking (DICT_UPDATE), typing.cast: GET_LEN, MATCH_SEQUENCE, MATCH_MAPPING, MATCH_KEYS, MATCH_CLASS.

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import typing

import torch

torch.manual_seed(0)


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def f0(x):
    cfg = (2, 3)
    match cfg:
        case (a, b):
            return x * a + b
        case _:
            return x


def f1(x):
    opts = {"scale": 2, "shift": 1}
    match opts:
        case {"scale": s, "shift": t}:
            return x * s + t
        case _:
            return x


def f2(x):
    p = Point(3, 4)
    match p:
        case Point(x=1):
            return x
        case Point(a, b):
            return x * a - b
    return x


def f3(x):
    base = {"a": 1}
    merged = {**base, "b": 2, **{"c": 3}}
    n = typing.cast(int, len(merged))
    return x * n + merged["c"]


for i, f in enumerate([f0, f1, f2, f3]):
    out = torch.compile(f, backend="eager")(torch.randn(3))
    print(i, tuple(out.shape), round(out.double().sum().item(), 4))
