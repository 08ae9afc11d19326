"""torch.cond with dynamic=True whose branch multiplies by an int argument (a SymInt graph input lifted into the subgraphs).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    return torch.cond(x.sum() > 0, lambda t: t * n, lambda t: t - n, (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(5), 3)
print(tuple(out.shape), round(out.double().sum().item(), 4))
