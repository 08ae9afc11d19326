"""torch.export.export(strict=True) of a module with a Linear: Dynamo traces ModuleToTrace.forward with export=True.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x, y):
        return self.lin(x).relu() + y


ep = torch.export.export(M(), (torch.randn(2, 4), torch.randn(3)), strict=True)
out = ep.module()(torch.randn(2, 4), torch.randn(3))
print(tuple(out.shape), len(ep.graph.nodes))
