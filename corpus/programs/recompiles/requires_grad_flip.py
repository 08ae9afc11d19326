"""An input without grad, then one that requires grad.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    return (x * x).sum()


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(3))
x = torch.ones(3, requires_grad=True)
b = opt(x)
b.backward()
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(round(b.item(), 4), x.grad.tolist())
