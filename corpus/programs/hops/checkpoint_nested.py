"""torch.utils.checkpoint.checkpoint inside another checkpointed function (a free tensor lifted through two subgraphs).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)


def fn(x, w):
    def inner(a):
        return (a * w).sin()

    def outer(a):
        return checkpoint(inner, a + 1, use_reentrant=False) * 2

    return checkpoint(outer, x, use_reentrant=False)


opt = torch.compile(fn, backend="eager")
x = torch.randn(4, requires_grad=True)
out = opt(x, torch.randn(4))
out.sum().backward()
print(tuple(out.shape), round(out.double().sum().item(), 4), round(x.grad.double().sum().item(), 4))
