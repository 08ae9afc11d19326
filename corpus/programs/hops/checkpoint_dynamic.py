"""torch.utils.checkpoint (non-reentrant) with dynamic=True: the size symbol lifted into the checkpointed subgraph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.utils.checkpoint

torch.manual_seed(0)


def body(a, b):
    return torch.sin(a) * b + 1


def fn(x, y):
    return torch.utils.checkpoint.checkpoint(body, x, y, use_reentrant=False)


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(4, 3), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
