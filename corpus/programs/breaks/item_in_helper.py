"""An .item() call inside an inlined helper.

scope: part2
expect: 3 graphs, 2 breaks, 0 recompiles; the outer frame breaks at the helper call, the helper
frame breaks at item() again, and its resume function has no ops
"""
import torch

torch.manual_seed(0)


def scale_of(t):
    return t.std().item()


def fn(x):
    y = x.relu() + 1
    s = scale_of(y)
    return y / s


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
