"""F.linear with and without bias on 2-d and 3-d inputs.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x, w, b):
    return F.linear(x, w, b), F.linear(x.unsqueeze(0), w)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(5, 8), torch.randn(3, 8), torch.randn(3)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
