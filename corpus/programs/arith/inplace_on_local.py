"""In-place add_/mul_ on a tensor created inside the function.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x.clone()
    y.add_(1)
    y.mul_(3)
    y -= x
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 2))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
