"""torch.func.vmap with randomness="same" over a deterministic function: the mode is an argument of _vmap_increment_nesting.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.vmap(lambda a: a.exp() - 1, randomness="same")(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 2))
print(tuple(out.shape), round(out.double().sum().item(), 4))
