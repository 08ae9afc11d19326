"""torch.func.grad of a function called with a tensor keyword argument (kwargs are wrapped for grad, not differentiated).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(a, scale=None):
    return (a.sin() * scale).sum()


def fn(x, s):
    return torch.func.grad(loss)(x, scale=s)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
