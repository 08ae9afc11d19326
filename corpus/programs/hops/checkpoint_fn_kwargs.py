"""torch.utils.checkpoint.checkpoint passing a keyword to the function and preserve_rng_state to checkpoint.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)


def block(x, scale=1.0, bias=None):
    return (x * scale + bias).sigmoid()


def fn(x, b):
    return checkpoint(block, x, use_reentrant=False, preserve_rng_state=False, scale=2.0, bias=b)


opt = torch.compile(fn, backend="eager")
x = torch.randn(3, requires_grad=True)
out = opt(x, torch.randn(3))
out.sum().backward()
print(tuple(out.shape), round(out.double().sum().item(), 4), round(x.grad.double().sum().item(), 4))
