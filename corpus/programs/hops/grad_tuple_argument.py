"""torch.func.grad with respect to a tuple of tensors (argnums=0 on a tuple argument: a tuple of gradients).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(params, a):
    w, b = params
    return ((a * w).tanh() * b).sum()


def fn(w, b, x):
    gw, gb = torch.func.grad(loss)((w, b), x)
    return gw, gb


opt = torch.compile(fn, backend="eager")
gw, gb = opt(torch.randn(3), torch.randn(3), torch.randn(3))
print(tuple(gw.shape), tuple(gb.shape), round(gw.double().sum().item() + gb.double().sum().item(), 4))
