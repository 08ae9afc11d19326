"""torch.vmap over dim 1 of a matrix with a per-example mean and an unbatched scale.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, s):
    return torch.vmap(lambda col: (col - col.mean()) * s, in_dims=1)(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 6), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
