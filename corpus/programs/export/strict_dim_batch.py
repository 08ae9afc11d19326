"""torch.export.export(strict=True) with a Dim on the batch size (dynamic_shapes=): the dim is symbolic in the graph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.export import Dim

torch.manual_seed(0)


class Scale(torch.nn.Module):
    def forward(self, x):
        return x * 2 + 1


batch = Dim("batch", min=2, max=64)
ep = torch.export.export(Scale(), (torch.randn(4, 3),), dynamic_shapes={"x": {0: batch}}, strict=True)
print(tuple(ep.module()(torch.randn(7, 3)).shape), str(ep.range_constraints))
