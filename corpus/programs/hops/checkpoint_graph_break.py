"""torch.utils.checkpoint.checkpoint of a function that graph-breaks (print): Dynamo falls back.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles; the checkpoint call falls back to eager at a graph break
"""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)


def block(x):
    print("inside")
    return x.sin()


def fn(x):
    return checkpoint(block, x + 1, use_reentrant=False) * 2


opt = torch.compile(fn, backend="eager")
x = torch.randn(3, requires_grad=True)
out = opt(x)
out.sum().backward()
print(tuple(out.shape), round(out.double().sum().item(), 4))
