"""torch.cond returning two differing ints and one equal int in a nested tuple: two unbacked symbols, one constant.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    t, (a, b, c) = torch.cond(
        x.sum() > 0, lambda t: (t + 1, (1, 10, 2)), lambda t: (t - 1, (2, 20, 2)), (x,)
    )
    return t, a, b, c


opt = torch.compile(fn, backend="eager")
t, a, b, c = opt(torch.randn(3))
print(tuple(t.shape), round(t.double().sum().item(), 4), int(a), int(b), int(c))
