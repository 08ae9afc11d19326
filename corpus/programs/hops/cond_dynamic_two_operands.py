"""torch.cond with two dynamic operands of different sizes (dynamic=True): each symbol lifted once.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.cond(
        x.sum() > y.sum(),
        lambda a, b: (a * 2, b + 1),
        lambda a, b: (a - 1, b * 3),
        (x, y),
    )


opt = torch.compile(fn, backend="eager", dynamic=True)
a, b = opt(torch.randn(4), torch.randn(7))
print(tuple(a.shape), tuple(b.shape), round(a.double().sum().item() + b.double().sum().item(), 4))
