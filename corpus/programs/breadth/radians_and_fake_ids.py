"""math.radians of a tensor (TorchInGraphFunctionVariable.handle_radians inlines polyfills.radians: math.pi / 180.0 * x, math.pi guarded by value) and id() of values made while tracing (FakeIdVariable: compile-time-only ids that compare equal only for the same value).

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import math

import torch

torch.manual_seed(0)


def f0(x):
    return math.radians(x) + math.radians(90.0)


def f1(x):
    y = x * 2
    return torch.sin(math.radians(y))


def f2(x):
    a = [x, 1]
    b = [x, 1]
    c = a
    same = id(a) == id(c)
    diff = id(a) != id(b)
    return x * (2 if same else 3) + (1 if diff else 0)


def f3(x):
    y = x + 1
    z = y
    w = y * 1
    seen = id(y) == id(z) and id(y) != id(w)
    return w * 4 if seen else w


x = torch.randn(4)
print('f0', torch.compile(f0, backend="eager")(x))
print('f1', torch.compile(f1, backend="eager")(x))
print('f2', torch.compile(f2, backend="eager")(x))
print('f3', torch.compile(f3, backend="eager")(x))
