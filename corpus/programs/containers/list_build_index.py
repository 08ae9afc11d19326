"""Building a list, appending locally, indexing and slicing it.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    items = [x, x * 2]
    items.append(x * 3)
    items += [x * 4]
    return items[0] + items[-1] + sum(items[1:3])


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
