"""torch.func.vmap of F.linear without bias on a batched vector and a free weight.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x, w):
    return torch.func.vmap(lambda row: F.linear(row, w).sigmoid())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6, 3), torch.randn(2, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
