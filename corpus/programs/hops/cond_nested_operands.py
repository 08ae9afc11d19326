"""torch.cond with a nested tuple operand ((a, b), c): the branches unpack it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def on_true(pair, c):
    a, b = pair
    return a * b + c


def on_false(pair, c):
    a, b = pair
    return a - c


def fn(a, b, c):
    return torch.cond(c.sum() > 0, on_true, on_false, ((a, b), c))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4), torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
