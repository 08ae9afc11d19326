"""torch.utils.checkpoint.checkpoint returning two tensors of which only one is used: Dynamo prunes the unused subgraph output.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; dce_hop_extra_outputs rewrites the subgraph's output and the getitem
"""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)


def fn(x):
    p, q = checkpoint(lambda a: (a + 1, a * 2), x, use_reentrant=False)
    return q.sin()


opt = torch.compile(fn, backend="eager")
x = torch.randn(3, requires_grad=True)
out = opt(x)
out.sum().backward()
print(tuple(out.shape), round(out.double().sum().item(), 4), round(x.grad.double().sum().item(), 4))
