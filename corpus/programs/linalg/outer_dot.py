"""torch.outer, torch.dot and vector-vector matmul.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(u, v):
    return torch.outer(u, v), torch.dot(u, v), u @ v


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(5), torch.randn(5)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
