"""torch._dynamo.export of a function calling print: where torch.compile breaks the graph, export raises Unsupported.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x.cos()
    print("tracing")
    return y + 1


try:
    torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(3))
    print("exported")
except Exception as e:
    print("export failed:", type(e).__name__)
