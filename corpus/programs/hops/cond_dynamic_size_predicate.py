"""torch.cond on a size predicate (x.shape[0] > 4) with dynamic=True: a SymBool predicate.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(x.shape[0] > 4, lambda t: t.sin(), lambda t: t.cos(), (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(6))
b = opt(torch.randn(3))
print(tuple(a.shape), tuple(b.shape), round(a.double().sum().item() + b.double().sum().item(), 4))
