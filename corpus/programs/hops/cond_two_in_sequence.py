"""Two torch.cond calls in one frame: subgraphs cond_true_0/cond_false_0 then cond_true_1/cond_false_1.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    h = torch.cond(x.sum() > 0, lambda t: t * 2, lambda t: t / 2, (x,))
    h = h + 1
    return torch.cond(h.mean() > 1, lambda t: t.sqrt(), lambda t: t.square(), (h.abs(),))


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
