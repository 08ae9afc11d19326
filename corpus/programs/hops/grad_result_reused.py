"""torch.func.grad's result used by further ops in the frame (a gradient step).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(w, a):
    return (a @ w).tanh().pow(2).mean()


def fn(w, x):
    g = torch.func.grad(loss)(w, x)
    return w - 0.1 * g


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 2), torch.randn(4, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
