"""torch.func.vmap of an nn.Linear over examples that are 2-d blocks (a batched 2-d input to linear).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

lin = torch.nn.Linear(4, 3)


def fn(x):
    return torch.func.vmap(lambda blk: torch.tanh(lin(blk)))(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 5, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
