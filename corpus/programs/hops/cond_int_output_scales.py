"""torch.cond returning different ints that then scale a tensor: an unbacked SymInt used by a graph op.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    t, n = torch.cond(x.mean() > 0, lambda t: (t + 1, 3), lambda t: (t - 1, 5), (x,))
    return t * n


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
