"""torch.cond with dynamic=True whose branch uses a size expression computed outside it (x.shape[0] * 2 + 1 as a free SymInt).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    m = x.shape[0] * 2 + 1
    return torch.cond(x.sum() > 0, lambda t: t * m, lambda t: t + m, (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
