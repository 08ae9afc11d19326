"""Mutating a list argument inside a loop (setitem and append).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(xs):
    for i in range(len(xs)):
        xs[i] = xs[i] * (i + 1)
    xs.append(sum(xs))
    return xs[-1]


opt = torch.compile(fn, backend="eager")
xs = [torch.ones(2) for _ in range(3)]
out = opt(xs)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(len(xs))
