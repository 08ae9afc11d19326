"""softmax and log_softmax over the last and first dims.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return torch.softmax(x, dim=-1), F.log_softmax(x, dim=0), x.softmax(1)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(3, 7)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
