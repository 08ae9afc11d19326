"""torch.cond with operands given as a list and branches returning a list.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def on_true(a, b):
    return [a + b, a * b]


def on_false(a, b):
    return [a - b, b / 2]


def fn(a, b):
    outs = torch.cond(a.mean() < b.mean(), on_true, on_false, [a, b])
    return outs[0] * outs[1]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
