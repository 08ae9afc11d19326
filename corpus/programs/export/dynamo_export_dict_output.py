"""torch._dynamo.export of a function returning a dict of tensors.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a, b = x.chunk(2, dim=0)
    return {"sum": a + b, "diff": a - b}


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(4, 3))
out = gm(torch.randn(4, 3))
print(sorted(out), tuple(out["sum"].shape))
