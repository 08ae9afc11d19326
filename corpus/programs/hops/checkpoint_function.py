"""torch.utils.checkpoint.checkpoint around a function: Dynamo captures it as tag_activation_checkpoint.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; a wrap_body_0 subgraph (the core does not model checkpoint yet)
"""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)


def block(x, w):
    return (x @ w).relu()


def fn(x, w):
    return checkpoint(block, x, w, use_reentrant=False).sum()


opt = torch.compile(fn, backend="eager")
x = torch.randn(3, 3, requires_grad=True)
out = opt(x, torch.randn(3, 3))
out.backward()
print(round(out.item(), 4), round(x.grad.double().sum().item(), 4))
