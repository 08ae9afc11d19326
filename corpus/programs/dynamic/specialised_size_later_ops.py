"""Automatic dynamic, then a branch on the batch size equal to a constant: the shape env
replaces the symbol by 8, and every tensor made after that has the number as its size
(views, reductions, cat, matmul, factories), while contiguous() of a contiguous tensor
returns the input itself, whose size is still the symbol.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    if x.size(0) == 8:
        a = x * 3
        b = x.t()
        c = torch.cat([x, x])
        d = x.reshape(8, -1)
        e = x.contiguous()
        f = x @ y
        g = x.new_zeros(x.shape)
        h = torch.zeros(x.size(0))
        return a, b, c, d, e, f, g, h
    return x + 3


opt = torch.compile(fn, backend="eager")
y = torch.randn(4, 3)
r0 = opt(torch.randn(5, 4), y)
r1 = opt(torch.randn(8, 4), y)
print(tuple(r0.shape), [tuple(t.shape) for t in r1])
