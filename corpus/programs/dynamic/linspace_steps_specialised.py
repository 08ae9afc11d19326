"""torch.linspace with a SymInt number of steps: its fake implementation reads steps as an
int, which specialises the symbol (guard Eq, replacement, here solved from 2*s = 10), so the
size read stays in the graph as Sym(10) and the result has plain sizes; the other dim of x
stays symbolic.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.linspace(0, 1, x.shape[0]).unsqueeze(-1) + x[:, :1]


def gn(x):
    return torch.linspace(0, 1, steps=x.shape[0] * 2).sum() + x.sum()


opt = torch.compile(fn, backend="eager", dynamic=True)
print(tuple(opt(torch.randn(6, 4)).shape))
opt2 = torch.compile(gn, backend="eager", dynamic=True)
print(round(opt2(torch.randn(5, 3)).item(), 3))
