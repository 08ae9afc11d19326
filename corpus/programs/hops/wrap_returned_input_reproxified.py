"""A wrap body returning its input (dynamic,hops fuzz case 11872099621397533700): Dynamo reproxifies the frame's tracker of that input to the wrap's getitem, so a frame returning the input afterwards returns the getitem from the graph (compile_subgraph's common case), static and dynamic.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.wrap import wrap


def f(x):
    t1, t2, c3 = wrap(lambda a: (a, a * 2, 3), x)
    b, _ = t1.shape
    return x


def g(x, y):
    t1, t2 = wrap(lambda a: (a, a * 2), x)
    return y, x


print(torch.compile(f, backend="eager", dynamic=True)(torch.randn(4, 3)).shape)
print(torch.compile(g, backend="eager")(torch.randn(4, 3), torch.randn(2))[1].shape)
