"""dynamic=True on an input with a size-1 dim: 0/1 specialisation keeps it static, the
other dim is a symbol.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return (x + y).relu()


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(1, 5), torch.randn(4, 5))
print(tuple(a.shape), round(a.sum().item(), 4))
