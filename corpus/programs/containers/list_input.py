"""A list of tensors passed as an argument, indexed and iterated.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(xs):
    total = xs[0]
    for t in xs[1:]:
        total = total + t
    return total / len(xs)


opt = torch.compile(fn, backend="eager")
out = opt([torch.randn(2, 2) for _ in range(4)])
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
