"""A size read before a meta function specialises its symbol stays in the graph as the
getitem it was (Sym(5)) when a tensor uses it, since no symbol input can replace it; the
symbol's own input is dropped.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
w = torch.randn(5, 1)


def fn(x):
    zeros = torch.zeros(x.shape[0], 4)
    half = x[: x.shape[0] // 2]
    return zeros + w, half.sum(0)


x = torch.randn(5, 4)
torch._dynamo.maybe_mark_dynamic(x, 0)
opt = torch.compile(fn, backend="eager")
a, b = opt(x)
print(tuple(a.shape), tuple(b.shape))
