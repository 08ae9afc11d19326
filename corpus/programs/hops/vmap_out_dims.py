"""torch.func.vmap with out_dims=1: the batch dimension moved to the output's dim 1 (_remove_batch_dim's out_dim).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.func.vmap(lambda a, b: a * b + 1, out_dims=1)(x, y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
