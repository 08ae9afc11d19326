"""zip and enumerate over lists of tensors and weights.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


WEIGHTS = [0.1, 0.2, 0.7]


def fn(a, b, c):
    out = 0
    for i, (t, w) in enumerate(zip([a, b, c], WEIGHTS)):
        out = out + t * w * (i + 1)
    return out


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
