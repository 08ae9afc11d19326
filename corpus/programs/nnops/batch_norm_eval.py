"""F.batch_norm in inference mode with running statistics.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x, mean, var, w, b):
    return F.batch_norm(x, mean, var, w, b, training=False, eps=1e-5)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3, 4, 4), torch.zeros(3), torch.ones(3), torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
