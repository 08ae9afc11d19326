"""inspect.signature of a plain module-level function, traced through CPython's inspect
module: len(sig.parameters) scales a tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import inspect

import torch

torch.manual_seed(0)


def helper(a, b):
    return a + b


def fn(x):
    n = len(inspect.signature(helper).parameters)
    return x * n


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
