"""all() and any() over constants fold (can_constant_fold_through polyfills).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    dims = [d > 1 for d in x.shape]
    if all(dims) and not any([False, 0, ""]):
        x = x * 3
    if any([d == 4 for d in [1, 4]]):
        x = x + 1
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.sum().item(), 4))
