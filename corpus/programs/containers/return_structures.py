"""Returning a nested structure of tuples, lists and dicts.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return {"pair": (x, x + 1), "list": [x * 2, [x * 3]], "n": 4}


opt = torch.compile(fn, backend="eager")
res = opt(torch.randn(2))
print(sorted(res), res["n"])
out = res["list"][1][0]
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
