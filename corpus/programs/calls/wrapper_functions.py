"""Wrappers Dynamo sees through: a torch.jit.script_if_tracing function (traced via its
__original_fn) and a functools.lru_cache function (traced via __wrapped__, cache ignored).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import functools

import torch

torch.manual_seed(0)


@torch.jit.script_if_tracing
def scaled(x, k: float = 2.0):
    return x * k


@functools.lru_cache(maxsize=None)
def table(n):
    return n * 3 + 1


def fn(x):
    return scaled(x) + scaled(x, 0.5) + table(4)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
