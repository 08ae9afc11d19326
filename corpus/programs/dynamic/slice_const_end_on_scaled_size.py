"""Slicing a dim of symbolic size 2*s by a constant end: _compute_slice_index's
`index <= size` is Python's reflected SymInt.__ge__ (guard `2*s0 >= 5`), and its bound
5/2 is not an integer, so _refine_ranges leaves s0's range at [2, inf) (the guard stays
as issued, not `3 <= s0`). A second function slices by another tensor's size that a
later linspace specialises: the first slice's guard keeps the symbol's side
(`5 <= 2*s0`), the slice after the specialisation compares the constant (`2*s0 >= 5`).

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch


def head(z):
    return torch.cat([z, z])[:5] * 2


def head_and_tail(z):
    return torch.cat([z, z])[:5], torch.cat([z, z])[-7:]


def sliced_by_other(x, z):
    a = torch.cat([z, z])[:x.shape[0]]
    steps = torch.linspace(0, 1, x.shape[0])
    b = torch.cat([z, z])[:x.shape[0]]
    return a + b, steps


z = torch.randn(5, 1)
torch._dynamo.mark_dynamic(z, 0)
print(torch.compile(head, backend="eager")(z).shape)
print([t.shape for t in torch.compile(head_and_tail, backend="eager")(z)])
x = torch.randn(5, 4)
torch._dynamo.maybe_mark_dynamic(x, 0)
print([t.shape for t in torch.compile(sliced_by_other, backend="eager")(x, z)])
