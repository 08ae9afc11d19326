"""torch.func.grad of a plain sum: the gradient is sum's expanded backward (stride 0), returned as is.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; the gradient is sum's expanded backward, which does not require grad at the grad level
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.grad(lambda a: a.sum())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
