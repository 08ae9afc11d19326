"""torch._dynamo.export of a function calling a module held in a global: its parameters become get_attr nodes named from the global source.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
PROJ = torch.nn.Linear(3, 2)


def fn(x):
    return PROJ(x.relu()) * 0.5


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(4, 3))
print(tuple(gm(torch.randn(4, 3)).shape))
