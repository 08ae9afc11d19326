"""torch.cond whose branches return the same int beside a tensor: the int stays a constant.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    t, n = torch.cond(x.sum() > 0, lambda t: (t.sin(), 4), lambda t: (t.cos(), 4), (x,))
    return t * n


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
