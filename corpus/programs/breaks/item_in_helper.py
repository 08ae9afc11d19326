"""An .item() call inside an inlined helper.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
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
