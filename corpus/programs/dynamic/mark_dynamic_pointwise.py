"""mark_dynamic on the batch dim: the first compile is already symbolic in that dim.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, w):
    return (x * w).relu() + 1


opt = torch.compile(fn, backend="eager")
x = torch.randn(8, 4)
torch._dynamo.mark_dynamic(x, 0)
a = opt(x, torch.randn(4))
b = opt(torch.randn(5, 4), torch.randn(4))
print(tuple(a.shape), tuple(b.shape), round(a.sum().item(), 4), round(b.sum().item(), 4))
