"""What inspect-style helpers ask of functions and classes while tracing: hasattr and
getattr-with-default on a function and a bound method (its __dict__ and the function
type's attributes), a missing attribute raising AttributeError inside the traced code,
isinstance against type and types.ModuleType, and sys.getrecursionlimit() (folded to
the recording process's value).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import math
import sys
import types

import torch

torch.manual_seed(0)


def tagged(x):
    return x * 2


tagged.marker = 3


class Scaler:
    def scale(self, x):
        return x * 0.5


def probe(obj):
    try:
        return obj.__signature__
    except AttributeError:
        return None


def fn(x, s):
    n = 0
    n += hasattr(tagged, "marker") + hasattr(tagged, "__wrapped__") + hasattr(tagged, "__code__")
    n += hasattr(s.scale, "marker") + getattr(tagged, "marker", 0) + getattr(tagged, "other", 5)
    if probe(tagged) is None:
        n += 1
    n += isinstance(Scaler, type) + isinstance(tagged, type) + isinstance(math, types.ModuleType)
    n += isinstance(tagged, types.ModuleType)
    if sys.getrecursionlimit() > 100:
        n += 10
    return s.scale(x) + n


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), Scaler())
print(tuple(out.shape), round(out.sum().item(), 4))
