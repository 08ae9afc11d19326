"""mean over a dim with keepdim, and mean of an int tensor cast to float.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, i):
    return x.mean(dim=1, keepdim=True), x.mean((0, 1)), i.float().mean()


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(4, 5, 2), torch.arange(9)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
