"""Reading a module-level tensor (becomes a graph input).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


WEIGHT = torch.randn(4, 4)


def fn(x):
    return x @ WEIGHT + WEIGHT.sum()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
