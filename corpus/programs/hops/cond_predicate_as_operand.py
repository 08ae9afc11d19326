"""torch.cond whose boolean predicate tensor is also an operand (cast inside one branch).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    p = x.sum() > 0
    return torch.cond(p, lambda t, q: t + q.float(), lambda t, q: t - 1, (x, p))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
