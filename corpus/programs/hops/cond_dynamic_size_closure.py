"""torch.cond with dynamic=True whose branch multiplies by a size read outside the branch (a SymInt free variable).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    n = x.shape[0]
    return torch.cond(x.sum() > 0, lambda t: t * n, lambda t: t + n, (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(6))
print(tuple(out.shape), round(out.double().sum().item(), 4))
