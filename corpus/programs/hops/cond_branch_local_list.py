"""torch.cond whose branch builds and appends to a list of its own: a mutation inside the subgraph's scope.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def on_true(t):
    parts = []
    for k in range(3):
        parts.append(t * k)
    return sum(parts)


def fn(x):
    return torch.cond(x.sum() > 0, on_true, lambda t: t.abs(), (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
