"""permute then contiguous then view.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x.permute(2, 0, 1)
    return y.contiguous().view(-1), y.is_contiguous()


opt = torch.compile(fn, backend="eager")
out, flag = opt(torch.randn(2, 3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(flag)
