"""A helper returning a tuple that the caller unpacks.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def stats(t):
    return t.mean(), t.std(), t.max()


def fn(x):
    mean, std, top = stats(x)
    return (x - mean) / std + top


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(8))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
