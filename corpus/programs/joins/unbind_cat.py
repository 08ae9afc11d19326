"""unbind rows and concatenate them back reversed.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    rows = x.unbind(0)
    return torch.cat(rows[::-1])


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
