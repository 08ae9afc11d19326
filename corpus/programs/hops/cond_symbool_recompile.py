"""torch.cond on a size predicate, recompiled for a new size: the static compile inlines one branch, the dynamic one passes a SymBool.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(x.shape[0] > 3, lambda t: t.exp(), lambda t: t.neg(), (x,))


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(5))
b = opt(torch.randn(2))
print(tuple(a.shape), tuple(b.shape), round(a.double().sum().item() + b.double().sum().item(), 4))
