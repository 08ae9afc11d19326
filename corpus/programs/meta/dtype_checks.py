"""dtype equality and is_floating_point() pick a branch at trace time.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    if x.dtype == torch.float32:
        y = x * 2
    else:
        y = x.float()
    if x.is_floating_point():
        y = y + 1
    return y, x.dtype


opt = torch.compile(fn, backend="eager")
out, dt = opt(torch.randn(5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(dt)
