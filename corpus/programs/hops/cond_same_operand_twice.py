"""torch.cond given the same tensor twice as operands: one lifted input serves both parameters.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(x.sum() > 0, lambda a, b: a + b, lambda a, b: a * b, (x, x))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
