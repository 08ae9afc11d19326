"""torch.Size + tuple gives a torch.Size (attention heads' reshape idiom).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    heads, head_dim = 2, 3
    new_shape = x.size()[:-1] + (heads, head_dim)
    y = x.view(new_shape)
    return y.permute(0, 2, 1, 3), len(new_shape)


opt = torch.compile(fn, backend="eager")
out, n = opt(torch.randn(2, 5, 6))
print(tuple(out.shape), n, round(out.sum().item(), 4))
