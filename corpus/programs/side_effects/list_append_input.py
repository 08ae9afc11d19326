"""Appending to and popping from a list passed as an argument.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, acc):
    acc.append(x * 2)
    last = acc.pop(0)
    acc.insert(0, x + last)
    return x.sum()


opt = torch.compile(fn, backend="eager")
acc = [torch.ones(3)]
out = opt(torch.randn(3), acc)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(len(acc), [round(t.sum().item(), 4) for t in acc])
