"""Regrouping rows by another input's batch size under automatic dynamic shapes:
x.reshape(b * 2, 2).reshape(b, 4) with b = z.size(0). The first call compiles static;
the second (other batch sizes) recompiles with x's and z's batch dims as their own
symbols. infer_size's numel check is 4*s77 == 4*s68 (x holds 4*s77 elements; true on
the hints), which the shape env solves into a replacement: the two symbols are one
and the guard that is left relates the two sources. The third call passes the guards.
The core replays that frame with the two symbols shared (its stand-ins alone differ).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompiles
"""
import torch

torch.manual_seed(0)


def regroup(x, z):
    b = z.size(0)
    pairs = x.reshape(b * 2, 2)
    return pairs.reshape(b, 4) * z


f = torch.compile(regroup, backend="eager")
for n in (5, 3, 8):
    print(f(torch.randn(n, 4), torch.randn(n, 1)).shape)
