"""Broadcasting a column vector against a row vector.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(col, row):
    return col + row, col * row


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(5, 1), torch.randn(1, 7)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
