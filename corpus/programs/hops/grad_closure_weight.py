"""torch.func.grad of (a * w).sum() with w a closure tensor that does not require grad: the gradient (grad * w) does not require grad.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
w = torch.randn(3)


def fn(x):
    return torch.func.grad(lambda a: (a * w).sum())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
