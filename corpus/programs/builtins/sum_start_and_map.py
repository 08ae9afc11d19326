"""sum() with start= over tensors, and sum() of a lazy map (Dynamo's reduce polyfill).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y, z):
    total = sum([y, z], start=x)
    squares = sum(map(lambda t: t * t, [x, y]))
    count = sum([1, 2, 3], start=4)
    return total + squares * count


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
