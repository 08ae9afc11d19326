"""amax and amin over dims with keepdim.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.amax(x, dim=-1), x.amin(dim=0, keepdim=True), x.amax(dim=(0, 1))


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(3, 4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
