"""inspect.signature of a function with annotations, defaults, keyword-only parameters with
defaults, *args and **kwargs; the defaults read back through Parameter.default.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import inspect

import torch

torch.manual_seed(0)


def helper(a: int, b: float = 2.0, *args, scale=3, shift: int = 1, **kwargs) -> float:
    return a


def fn(x):
    params = inspect.signature(helper).parameters
    total = 0
    for p in params.values():
        if p.default is not inspect.Parameter.empty:
            total += p.default
    return x * total + len(params)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
