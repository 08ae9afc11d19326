"""Automatic dynamic on the batch dim; a parameter-like tensor expanded to it.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)

cls = torch.randn(1, 1, 4)


def fn(x):
    tok = cls.expand(x.size(0), -1, -1)
    return torch.cat([tok, x], dim=1).mean(1)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 3, 4))
b = opt(torch.randn(5, 3, 4))
c = opt(torch.randn(6, 3, 4))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
