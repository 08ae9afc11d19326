"""capture_scalar_outputs: an int .item() sizes torch.zeros / torch.ones: its range becomes [0, inf] and a runtime assert u0 >= 0 follows the item node.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)


def fn(x):
    n = x.sum().item()
    return torch.zeros(n) + 1, torch.ones(n, 2) * 3


opt = torch.compile(fn, backend="eager")
a, b = opt(torch.tensor([1, 2]))
print(tuple(a.shape), tuple(b.shape))
