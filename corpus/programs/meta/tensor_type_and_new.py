"""Tensor.type() as a name, Tensor.type(name) as a conversion, and Tensor.new(size), which
Dynamo rewrites to new_empty.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    m = a.to(torch.float16)
    c = b.type(m.type())
    z = a.new(b.size()).fill_(2.0)
    w = a.new(3, 4).zero_()
    return c.float().sum() + z.sum() + w.sum(), len(a.type())


opt = torch.compile(fn, backend="eager")
out, n = opt(torch.randn(3, 4), torch.randn(2, 5))
print(tuple(out.shape), n, round(out.item(), 2))
