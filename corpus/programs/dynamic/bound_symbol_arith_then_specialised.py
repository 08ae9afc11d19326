"""SymInt arithmetic that sympy folds to a bare symbol (s * 1) is a node the hash-consing
replaces by the symbol's input at the end, unless a later broadcast against a tensor of 5
rows fixes the symbol: then the multiplication stays in the graph (Sym(5)).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
z = torch.randn(5, 1)


def fn(x, y, n):
    t0 = y + x.shape[0] * n
    t1 = torch.zeros(x.shape[0], 4) + z
    return t0, t1


x = torch.randn(5, 4)
torch._dynamo.maybe_mark_dynamic(x, 0)
opt = torch.compile(fn, backend="eager")
a, b = opt(x, torch.randn(4), 1)
print(tuple(a.shape), tuple(b.shape))
