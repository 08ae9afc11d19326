"""A checkpoint body adding a free tensor x to its argument z after a recompile made both sizes dynamic (dynamic,hops fuzz case 7525186880591786802, frame 1): each is lifted with its own size symbol (s68, then s77) before the add's meta function makes s77 one with s68; the root keeps both symbol inputs.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompiles
"""
import torch
from torch.utils.checkpoint import checkpoint


def f(x, z):
    def blk(a):
        return a.sin() + x

    return checkpoint(blk, z, use_reentrant=False)


opt = torch.compile(f, backend="eager")
for b in (5, 3, 8):
    x = torch.randn(b, 4)
    torch._dynamo.maybe_mark_dynamic(x, 0)
    print(opt(x, torch.randn(b, 1)).shape)
