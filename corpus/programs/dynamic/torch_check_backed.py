"""torch._check on comparisons of backed sizes: each is a guard and, in the graph, the
comparison node kept by an aten._assert_scalar naming it, also when the shape env
already knew the answer (x.size(0) >= 2 of a dynamic dim).

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch


def f(x, y):
    torch._check(x.size(0) > 2)
    torch._check(x.size(0) <= y.size(0))
    return x * 2, y[: x.size(0)]


def g(x, n):
    torch._check(x.size(0) >= 2)
    return x + n


x, y = torch.randn(4), torch.randn(6)
torch._dynamo.mark_dynamic(x, 0)
torch._dynamo.mark_dynamic(y, 0)
a, b = torch.compile(f, backend="eager")(x, y)
c = torch.compile(g, backend="eager", dynamic=True)(torch.randn(5), 3)
print(tuple(a.shape), tuple(b.shape), tuple(c.shape))
