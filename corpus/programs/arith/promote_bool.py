"""Type promotion with bool tensors: bool+bool, bool*int, bool+float.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(m, i, f):
    return m + m, m * i, m + f, m.sum()


opt = torch.compile(fn, backend="eager")
m = torch.tensor([True, False, True, True])
for out in opt(m, torch.arange(4), torch.randn(4)):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
