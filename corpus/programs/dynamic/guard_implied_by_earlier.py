"""Shape guards an earlier guard implies are not made again: after slicing z by x's
length (x.size(0) <= z.size(0)), indexing z at x.size(0) - 1 needs (-1) + s0 < s1,
which the axioms of the first guard decide (ShapeEnv._maybe_evaluate_static); likewise
a != after a <.

scope: part2
expect: 1 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f(x, z, w):
    head = z[: x.shape[0]]
    last = z[x.shape[0] - 1]
    if w.shape[0] < z.shape[0]:
        extra = w.sum()
    else:
        extra = w.mean()
    if w.shape[0] != z.shape[0]:
        extra = extra + 1
    return head * 2 + last, extra


x, z, w = torch.randn(3, 4), torch.randn(6, 4), torch.randn(5)
for t in (x, z, w):
    torch._dynamo.mark_dynamic(t, 0)
opt = torch.compile(f, backend="eager")
a, b = opt(x, z, w)
print(tuple(a.shape), round(b.item(), 4))
