"""relu as torch.relu, F.relu and Tensor.relu.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return torch.relu(x) + F.relu(x * 2) + x.relu()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
