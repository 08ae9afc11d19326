"""chunk into uneven pieces and iterate over them.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    total = 0
    for piece in x.chunk(3, dim=1):
        total = total + piece.mean()
    return total


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 7))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
