"""An exception raised by an inlined helper, caught by the caller.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def check(t):
    if t.shape[0] > 2:
        raise ValueError("too long")
    return t


def fn(x):
    try:
        y = check(x)
    except ValueError:
        y = x[:2]
    return y.relu()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
