"""A list indexed by an integer tensor: its __index__ is item(), which breaks the graph.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    parts = [a, b, a + 1, b - 1]
    y = parts[torch.as_tensor(2)]
    return y * 2 + b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
