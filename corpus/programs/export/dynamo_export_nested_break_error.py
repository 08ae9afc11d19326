"""torch._dynamo.export where an inlined helper calls torch._dynamo.graph_break(): an error under export instead of a split graph.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def helper(t):
    t = t * 2
    torch._dynamo.graph_break()
    return t + 1


def fn(x):
    return helper(x.sin()).cos()


try:
    torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(3))
    print("exported")
except Exception as e:
    print("export failed:", type(e).__name__)
