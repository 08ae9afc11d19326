"""StopIteration from next() on an exhausted iterator, caught in the frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    it = iter([1, 2])
    total = 0
    while True:
        try:
            total += next(it)
        except StopIteration:
            break
    return x * total


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
