"""torch.vmap over dim 1 of one input with the other unbatched (in_dims=(1, None)).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def dot(a, b):
    return (a * b).sum()


def fn(x, w):
    return torch.vmap(dot, in_dims=(1, None))(x, w)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 5), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
