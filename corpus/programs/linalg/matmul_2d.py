"""matmul of two 2-d tensors and the @ operator.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    return torch.matmul(a, b) + a @ b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 5), torch.randn(5, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
