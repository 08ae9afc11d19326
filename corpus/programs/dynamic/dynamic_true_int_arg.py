"""dynamic=True with a tensor and an int argument: both are symbolic from the first call.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, k):
    return x * k + x.sum()


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(4), 3)
print(tuple(a.shape), round(a.sum().item(), 4))
