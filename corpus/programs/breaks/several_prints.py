"""Three prints in one function give four graphs.

scope: part2
expect: 4 graphs, 3 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    x = x + 1
    print("one")
    x = x * 2
    print("two")
    x = x - 3
    print("three")
    return x / 4


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
