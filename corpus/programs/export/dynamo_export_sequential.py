"""torch._dynamo.export of an nn.Sequential with LayerNorm and GELU: parameters of nested submodules as get_attr nodes.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

model = torch.nn.Sequential(
    torch.nn.Linear(4, 8), torch.nn.GELU(), torch.nn.LayerNorm(8), torch.nn.Linear(8, 2)
)
gm, guards = torch._dynamo.export(model, assume_static_by_default=True)(torch.randn(3, 4))
print(tuple(gm(torch.randn(3, 4)).shape))
