"""An exception propagating out of two inlined frames to the root's handler.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Stop(Exception):
    pass


def inner(t):
    t = t * 2
    raise Stop()


def middle(t):
    return inner(t + 1) - 1


def fn(x):
    try:
        return middle(x)
    except Stop:
        return x.neg()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
