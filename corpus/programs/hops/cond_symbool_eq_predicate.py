"""torch.cond on x.shape[0] == 5 with dynamic=True: an Eq SymBool predicate, no specialisation.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(x.shape[0] == 5, lambda t: t * 2, lambda t: t + 3, (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(5, 2))
print(tuple(out.shape), round(out.double().sum().item(), 4))
