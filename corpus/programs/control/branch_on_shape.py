"""if/elif/else on x.shape and x.dim() values.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    if x.dim() == 3:
        x = x.mean(0)
    if x.shape[0] > 4:
        return x[:4] * 2
    elif x.shape[0] == 4:
        return x + 1
    else:
        return x - 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 6, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
