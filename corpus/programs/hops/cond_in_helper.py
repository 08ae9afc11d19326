"""torch.cond called from a helper the compiled function inlines, twice with different branches.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def choose(pred, x, up, down):
    return torch.cond(pred, up, down, (x,))


def fn(x):
    y = choose(x.sum() > 0, x, torch.sin, torch.cos)
    return choose(y.sum() < 1, y, lambda t: t + 1, lambda t: t - 1)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
