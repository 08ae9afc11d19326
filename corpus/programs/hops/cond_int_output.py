"""torch.cond whose branches return a tensor and an int: the int becomes an unbacked SymInt.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; the cond's int output is an unbacked symbol with runtime asserts
"""
import torch

torch.manual_seed(0)


def fn(x):
    t, n = torch.cond(x.sum() > 0, lambda t: (t + 1, 1), lambda t: (t - 1, 2), (x,))
    return t, n


opt = torch.compile(fn, backend="eager")
t, n = opt(torch.randn(3))
print(tuple(t.shape), t.dtype, round(t.double().sum().item(), 4), int(n))
