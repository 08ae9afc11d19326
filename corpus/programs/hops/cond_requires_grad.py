"""torch.cond under grad mode on operands that require grad (training-mode branch outputs).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, w):
    return torch.cond(x.sum() > 0, lambda a, b: (a * b).tanh(), lambda a, b: a + b, (x, w))


opt = torch.compile(fn, backend="eager")
w = torch.randn(5, requires_grad=True)
out = opt(torch.randn(5), w)
out.sum().backward()
print(tuple(out.shape), out.requires_grad, round(w.grad.double().sum().item(), 4))
