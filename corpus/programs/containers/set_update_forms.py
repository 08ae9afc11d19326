"""The in-place set methods (intersection_update, difference_update,
symmetric_difference_update, update and |=) on a set made while tracing.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    s = {1, 2, 3, n}
    s.intersection_update({1, 2, n, 8})
    s.difference_update([2])
    s.symmetric_difference_update({5, 1})
    s.update((6,))
    s |= {7}
    return x * len(s) + (1 if n in s else 0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), 4)
print(tuple(out.shape), round(out.sum().item(), 4))
