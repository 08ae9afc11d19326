"""torch.cond on 4 < x.shape[0] (the size on the right) with dynamic=True.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(4 < x.shape[0], lambda t: t.sin(), lambda t: t.cos(), (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(6))
print(tuple(out.shape), round(out.double().sum().item(), 4))
