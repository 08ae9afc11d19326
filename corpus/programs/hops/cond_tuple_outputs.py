"""torch.cond whose branches return a tuple of two tensors (flattened outputs, two getitems).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def on_true(x):
    return x.sin(), x.cos()


def on_false(x):
    return x.cos(), x.sin() * 2


def fn(x):
    a, b = torch.cond(x.sum() > 0, on_true, on_false, (x,))
    return a + b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
