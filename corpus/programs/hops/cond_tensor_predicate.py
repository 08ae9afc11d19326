"""torch.cond on a data-dependent predicate: both branches traced as subgraphs, no break.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def true_branch(x):
    return x.sin() * 2


def false_branch(x):
    return x.cos() - 1


def fn(x):
    return torch.cond(x.sum() > 0, true_branch, false_branch, (x,))


opt = torch.compile(fn, backend="eager")
a = opt(torch.ones(4))
b = opt(-torch.ones(4))
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
