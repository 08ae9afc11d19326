"""torch.tensor from Python lists and eye/tril as constants in the graph.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    w = torch.tensor([1.0, -1.0, 0.5])
    return x * w + torch.eye(3) + torch.tril(torch.ones(3, 3))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
