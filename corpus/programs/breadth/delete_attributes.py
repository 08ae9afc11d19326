"""Deleting attributes of objects made while tracing: `del obj.attr` (DELETE_ATTR) and `delattr(obj, name)` (BuiltinVariable.call_delattr, the same __delattr__), which store a DeletedVariable in the side-effects table; hasattr and getattr with a default then see the attribute gone.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Box:
    def __init__(self, scale):
        self.scale = scale
        self.shift = 1.5


def f0(x):
    b = Box(2.0)
    del b.shift
    return x * b.scale + (1.0 if hasattr(b, "shift") else 0.5)


def f1(x):
    b = Box(3.0)
    delattr(b, "scale")
    return x + getattr(b, "scale", -1.0) * b.shift


def f2(x, name):
    b = Box(4.0)
    b.extra = x + 1
    delattr(b, name)
    del b.shift
    return (x * 2 if hasattr(b, "extra") else x - 2), getattr(b, "shift", None) is None


x = torch.randn(3)
print('f0', torch.compile(f0, backend="eager")(x))
print('f1', torch.compile(f1, backend="eager")(x))
print('f2', torch.compile(f2, backend="eager")(x, "extra"))
