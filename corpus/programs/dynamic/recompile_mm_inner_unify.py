"""Automatic dynamic on both operands of mm whose inner sizes change together: mm's check
of the inner sizes makes their symbols one.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    return torch.mm(a, b).relu()


opt = torch.compile(fn, backend="eager")
x = opt(torch.randn(3, 4), torch.randn(4, 2))
y = opt(torch.randn(3, 6), torch.randn(6, 2))
print(tuple(x.shape), tuple(y.shape), round(y.sum().item(), 4))
