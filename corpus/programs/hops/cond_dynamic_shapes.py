"""torch.cond recompiled for a new input size: automatic dynamic shapes lift size symbols.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile; the second compile is dynamic
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(x.sum() > 0, lambda t: t + 1, lambda t: t - 1, (x,))


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(3))
b = opt(torch.randn(5))
print(tuple(a.shape), tuple(b.shape), round(a.double().sum().item() + b.double().sum().item(), 4))
