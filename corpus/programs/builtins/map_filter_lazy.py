"""map and filter are lazy: the mapped function runs as the list pulls each kept item.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y, z):
    kept = filter(lambda t: t.ndim == 2, [x, y, z])
    doubled = list(map(lambda t: t * 2 + 1, kept))
    pairs = list(map(lambda a, b: a - b, [x, z], [z, x]))
    return doubled[0] + doubled[1], pairs[0] * pairs[1]


opt = torch.compile(fn, backend="eager")
a, b = opt(torch.randn(3, 4), torch.randn(5), torch.randn(3, 4))
print(tuple(a.shape), tuple(b.shape), round(a.sum().item(), 4), round(b.sum().item(), 4))
