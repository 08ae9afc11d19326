"""Two pre-existing closures share one cell: one writes it, the other reads it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def make_pair():
    value = 1.0

    def set_value(v):
        nonlocal value
        value = v

    def scaled(t):
        return t * value

    return set_value, scaled


set_value, scaled = make_pair()


def fn(x):
    set_value(3.0)
    return scaled(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(scaled(torch.ones(1)).item())
