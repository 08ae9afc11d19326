"""In-place item assignment on tensors: an int index, a slice, a tensor value, and a
graph input written through (operator.setitem nodes in the graph).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    t = x * 2
    t[0] = 1.0
    x[1] = y.sum()
    t[1:] = y[0]
    m = torch.zeros(2, 3)
    m[:, 1] = y
    return t, m


opt = torch.compile(fn, backend="eager")
t, m = opt(torch.randn(3), torch.randn(2))
print(tuple(t.shape), tuple(m.shape), round(m.sum().item(), 4))
