"""torch._dynamo.export of a function that graph-breaks inside a loop (an unsupported builtin call): an error under export.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    for i in range(2):
        x = x + i
        print("step", i)
    return x


try:
    torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(3))
    print("exported")
except Exception as e:
    print("export failed:", type(e).__name__)
