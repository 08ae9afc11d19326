"""torch._dynamo.export of a plain function: _compile with export=True on the user's own frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    z = torch.mm(x, y)
    return z.tanh() * 2, z.sum()


gm, guards = torch._dynamo.export(fn)(torch.randn(2, 3), torch.randn(3, 4))
a, b = gm(torch.randn(2, 3), torch.randn(3, 4))
print(tuple(a.shape), tuple(b.shape))
