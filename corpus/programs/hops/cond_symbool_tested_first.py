"""A size comparison tested by an if, then given to torch.cond (dynamic=True): the if's guard stays, the cond gets a Python bool.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    p = x.shape[0] > 4
    if p:
        x = x + 1
    return torch.cond(p, lambda t: t.sin(), lambda t: t.cos(), (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(6))
print(tuple(out.shape), round(out.double().sum().item(), 4))
