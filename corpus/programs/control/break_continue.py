"""for loop with continue and break decided on the loop index.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    for i in range(10):
        if i % 2 == 0:
            continue
        if i > 6:
            break
        x = x + i
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
