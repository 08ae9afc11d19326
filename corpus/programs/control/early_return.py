"""An early return on a shape condition inside a loop.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    for i in range(6):
        x = x * 1.1
        if i == 3 and x.shape[0] == 4:
            return x - 1
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
