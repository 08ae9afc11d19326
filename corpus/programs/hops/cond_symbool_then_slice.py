"""torch.cond on a size predicate whose operand is sliced by a size after the comparison (dynamic=True).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    p = x.shape[0] > 2
    y = x[: x.shape[0] - 1]
    return torch.cond(p, lambda t: t * 2, lambda t: t / 2, (y,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(6))
print(tuple(out.shape), round(out.double().sum().item(), 4))
