"""itertools.tee as real code uses it: the pairwise recipe of the itertools docs (one copy advanced by one), a copy peeked at before the other is consumed, and three copies; Dynamo inlines polyfills.itertools.tee's generators, with the guards of their global reads (iter, tuple, range; next and StopIteration in the generators).

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import itertools

import torch

torch.manual_seed(0)


def smooth(xs):
    # average each activation with the next one (the pre-3.10 pairwise recipe)
    a, b = itertools.tee(xs)
    next(b, None)
    return [0.5 * (p + q) for p, q in zip(a, b)]


def relative_scales(x, scales):
    # read the first scale from one copy, then walk all of them with the other
    head, full = itertools.tee(scales)
    first = next(head)
    out = x
    for s in full:
        out = out + x * (s / first)
    return out


def three_passes(x, widths):
    lo, hi, total = itertools.tee(widths, 3)
    return x * min(lo) + x.sum() * max(hi) - sum(total)


xs = [torch.randn(4) for _ in range(3)]
print("smooth", [round(t.sum().item(), 4) for t in torch.compile(smooth, backend="eager")(xs)])
out = torch.compile(relative_scales, backend="eager")(torch.randn(4), [2.0, 3.0, 5.0])
print("relative_scales", round(out.sum().item(), 4))
out = torch.compile(three_passes, backend="eager")(torch.randn(4), [3, 1, 4])
print("three_passes", round(out.sum().item(), 4))
