"""Regrouping a flattened all-dynamic tensor into pairs: reshape(-1, 2) of an
(s77, s27) tensor makes infer_size check (s27*s77) % 2 == 0, true on the hints (4*6)
and kept as a guard, with the size s27*s77 // 2. The reshape algorithm then flattens
both dims (s77 % (s27*s77//2) != 0 and (s27*s77) % (s27*s77//2) == 0: two more
guards) and splits the result into s27*s77//2 and s27*s77 // (s27*s77//2), which
ShapeEnv.simplify reduces to 2 by its nested division rule (both Mods known 0). The
core decides the reshape on the size expressions up to there and refuses the frame
naming that rule (unsupported). A reshape whose numel check holds on any sizes
(x.reshape(x.shape[0], -1) of a 2-d x) matches.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def pair_sums(x):
    return x.reshape(-1, 2).sum(-1)


def rows(x):
    return x.reshape(x.shape[0], -1).relu()


f = torch.compile(pair_sums, backend="eager", dynamic=True)
print(f(torch.randn(4, 6)).shape)
g = torch.compile(rows, backend="eager", dynamic=True)
print(g(torch.randn(3, 5)).shape)
