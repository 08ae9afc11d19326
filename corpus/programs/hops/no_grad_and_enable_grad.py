"""torch.no_grad and torch.enable_grad blocks inside a compiled function (grad mode in the graph).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, w):
    with torch.no_grad():
        scale = (w * 2).sum()
    y = x * w * scale
    with torch.enable_grad():
        z = y.sum()
    return z, scale.requires_grad


opt = torch.compile(fn, backend="eager")
w = torch.randn(4, requires_grad=True)
z, flag = opt(torch.randn(4), w)
z.backward()
print(round(z.item(), 4), flag, round(w.grad.sum().item(), 4))
