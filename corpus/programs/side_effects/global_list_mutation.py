"""Appending tensors and extending a module-level list.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


HISTORY = []


def fn(x):
    y = x.sin()
    HISTORY.append(y)
    HISTORY.extend([y * 2, y * 3])
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(len(HISTORY), round(sum(t.sum().item() for t in HISTORY), 4))
