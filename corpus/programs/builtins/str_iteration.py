"""Iterating a str constant and counting characters while tracing.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    vowels = 0
    for ch in "dynamo traces":
        if ch in "aeiou":
            vowels += 1
    letters = list("abc")
    return x * vowels + len(letters)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
