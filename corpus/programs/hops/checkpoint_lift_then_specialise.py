"""A checkpoint body reading a free tensor whose dynamic dim the body's broadcast then specialises (dynamic,hops fuzz case 7525186880591786802): Dynamo lifts x with its size symbol before the add's fake run specialises it, so the symbol stays an input of the root graph and of the body.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.utils.checkpoint import checkpoint


def f(x, z):
    def blk(a):
        return a.sin() + x

    return checkpoint(blk, z, use_reentrant=False)


opt = torch.compile(f, backend="eager")
x = torch.randn(5, 4)
torch._dynamo.maybe_mark_dynamic(x, 0)
print(opt(x, torch.randn(5, 1)).shape)
