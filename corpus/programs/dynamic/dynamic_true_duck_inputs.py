"""dynamic=True with two inputs of equal size: duck sizing gives them one symbol and the
second input's size is guarded equal to the first.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return (x * y).sum(0) + y.mean()


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(5, 3), torch.randn(5, 3))
print(tuple(a.shape), round(a.sum().item(), 4))
