"""min and max over one iterable, with key= and default=.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    dims = [(2, "b"), (1, "a"), (3, "c")]
    smallest = min(dims, key=lambda d: d[0])
    largest = max(dims, key=lambda d: d[0])
    fallback = max([], default=4)
    widest = max(x.shape)
    return x * smallest[0] + largest[0] + fallback + widest


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 6))
print(tuple(out.shape), round(out.sum().item(), 4))
