"""torch._dynamo.export of a function taking a tuple and a dict of tensors: inputs flattened by source, realised up front.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(pair, named):
    a, b = pair
    return a * named["scale"] + b - named["shift"]


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(
    (torch.randn(2, 3), torch.randn(2, 3)), {"scale": torch.randn(3), "shift": torch.randn(3)}
)
print(tuple(gm((torch.randn(2, 3), torch.randn(2, 3)), {"scale": torch.randn(3), "shift": torch.randn(3)}).shape))
