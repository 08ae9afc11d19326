"""torch.func.grad of a closure reading a free tensor (not differentiated).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, w):
    return torch.func.grad(lambda a: (a * w).tanh().sum())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
