"""two torch.utils.checkpoint.checkpoint calls in one frame: wrap_body_0 and wrap_body_1.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)


def f(a, b):
    return (a * b).tanh()


def g(a):
    return a.exp() - 1


def fn(x, y):
    h = checkpoint(f, x, y, use_reentrant=False)
    return checkpoint(g, h, use_reentrant=False)


opt = torch.compile(fn, backend="eager")
x = torch.randn(3, requires_grad=True)
out = opt(x, torch.randn(3))
out.sum().backward()
print(tuple(out.shape), round(out.double().sum().item(), 4), round(x.grad.double().sum().item(), 4))
