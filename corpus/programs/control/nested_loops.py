"""Two nested constant loops building a small sum of products.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    out = torch.zeros(2)
    for i in range(3):
        for j in range(2):
            out = out + a[i] * b[j]
    return out


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 2), torch.randn(2, 2))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
