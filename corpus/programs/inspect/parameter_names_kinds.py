"""Iterating a signature's parameters: names (Parameter.name) and kinds (Parameter.kind,
an IntEnum member) compared with inspect.Parameter's kind constants.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import inspect

import torch

torch.manual_seed(0)


def helper(alpha, beta, /, gamma, *rest, delta, **extra):
    return alpha


def fn(x):
    sig = inspect.signature(helper)
    names = []
    positional = 0
    for name, p in sig.parameters.items():
        names.append(p.name)
        if p.kind == inspect.Parameter.POSITIONAL_ONLY:
            positional += 1
        elif p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            positional += 10
        if p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            x = x + 1
    return x * positional + len(names)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
