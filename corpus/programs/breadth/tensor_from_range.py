"""torch.tensor of a range: the range goes into the graph as itself.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a = torch.tensor(range(x.size(0)))
    b = torch.tensor(range(1, 10, 3), dtype=torch.float32)
    c = torch.tensor(range(5, 0, -2))
    return x + a, b * 2, c - 1


opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(4))
print([tuple(o.shape) for o in outs], [o.dtype for o in outs], round(outs[0].sum().item(), 4))
