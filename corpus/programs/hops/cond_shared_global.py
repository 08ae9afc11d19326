"""torch.cond whose two branches read the same global tensor: a shared lifted input, no suffix.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
W = torch.randn(3)


def fn(x):
    return torch.cond(x.sum() > 0, lambda t: t + W, lambda t: t * W, (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
