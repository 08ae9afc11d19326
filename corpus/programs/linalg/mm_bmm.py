"""torch.mm on matrices and torch.bmm on batches.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b, x, y):
    return torch.mm(a, b), torch.bmm(x, y)


opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(3, 4), torch.randn(4, 2), torch.randn(5, 3, 4), torch.randn(5, 4, 6))
for out in outs:
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
