"""torch.cond on a Python bool predicate: Dynamo specialises on one branch, inlined, no subgraph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import warnings

import torch

torch.manual_seed(0)
warnings.simplefilter("ignore")


def fn(x):
    use_sin = x.dim() == 1
    return torch.cond(use_sin, lambda t: t.sin() + 1, lambda t: t.cos() - 1, (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
