"""torch.utils.checkpoint.checkpoint of a closure over a free tensor, returning a tuple.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)


def fn(x, y):
    bias = y.cos()

    def block(a):
        h = a.sin() + bias
        return h, h.relu()

    p, q = checkpoint(block, x, use_reentrant=False)
    return p.sum() + q.sum()


opt = torch.compile(fn, backend="eager")
x = torch.randn(4, requires_grad=True)
out = opt(x, torch.randn(4))
out.backward()
print(round(out.item(), 4), round(x.grad.double().sum().item(), 4))
