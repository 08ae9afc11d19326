"""mark_dynamic on the batch of two inputs that are then added: broadcasting makes the
two marked dims one symbol.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return (x + y).sum(dim=1)


x = torch.randn(6, 3)
y = torch.randn(6, 3)
torch._dynamo.mark_dynamic(x, 0)
torch._dynamo.mark_dynamic(y, 0)
opt = torch.compile(fn, backend="eager")
a = opt(x, y)
print(tuple(a.shape), round(a.sum().item(), 4))
