"""torch.jit.annotate(list[int], []) as TorchScript-compatible library code writes it, and a
generic alias returned from the frame: subscripting a builtin type with builtin types
constant-folds to a TypingVariable.

scope: part2
expect: 1 graphs, 0 breaks, 0 recompiles
"""
import torch


def fn(x, n):
    sizes = torch.jit.annotate(list[int], [])
    for d in range(n):
        sizes.append(x.size(d) * 2)
    alias = dict[str, tuple[int, ...]]
    return x.new_zeros(sizes) + x.sum(), alias


opt = torch.compile(fn, backend="eager")
out, alias = opt(torch.ones(2, 3), 2)
print(tuple(out.shape), alias)
