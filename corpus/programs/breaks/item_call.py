"""Calling .item() on a tensor breaks the graph under the default config.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles; break at item()
"""
import torch

torch.manual_seed(0)


def fn(x):
    m = x.abs().max().item()
    return x / m


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
