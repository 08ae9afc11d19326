"""operator.methodcaller made while tracing, with positional and keyword arguments, on tensors.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import operator

import torch

torch.manual_seed(0)


def fn(x, y):
    add = operator.methodcaller("add", y, alpha=2)
    clamp = operator.methodcaller("clamp", min=-0.5)
    return clamp(add(x)) + operator.methodcaller("sum")(y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5), torch.randn(5))
print(tuple(out.shape), round(out.sum().item(), 4))
