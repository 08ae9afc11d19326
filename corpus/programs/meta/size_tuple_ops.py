"""torch.Size slicing, len() and unpacking into new shapes.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    s = x.size()
    head = s[:-1]
    return x.reshape(*head, 2, s[-1] // 2), len(s), head


opt = torch.compile(fn, backend="eager")
out, n, head = opt(torch.randn(2, 3, 8))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(n, tuple(head))
