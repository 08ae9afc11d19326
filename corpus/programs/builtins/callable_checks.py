"""callable() of functions, torch functions, builtins, constants and tensors.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def helper(t):
    return t + 1


def fn(x):
    score = 0
    for obj in (helper, torch.relu, len, 3, "s", x, [1]):
        if callable(obj):
            score += 1
    return x * score


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
