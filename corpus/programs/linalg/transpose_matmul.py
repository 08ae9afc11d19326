"""x @ x.t() and x.transpose(-1, -2) @ x (non-contiguous operands).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x @ x.t(), x.transpose(-1, -2) @ x


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(4, 6)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
