"""os.fspath and sys.intern: substitute_in_graph polyfills that fold on a str argument (PolyfilledFunctionVariable, guarded by identity).

scope: part1
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import os
import sys

import torch

torch.manual_seed(0)


def f0(x):
    return x * len(os.fspath("weights/model.bin"))


def f1(x, key):
    return x + len(sys.intern(key))


print('f0', round(torch.compile(f0, backend="eager")(torch.randn(3)).sum().item(), 4))
print('f1', round(torch.compile(f1, backend="eager")(torch.randn(3), "hidden").sum().item(), 4))
