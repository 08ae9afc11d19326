"""torch.export.export(strict=True) with an unbounded Dim on the last dim, reduced by a sum.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.export import Dim

torch.manual_seed(0)


class RowSum(torch.nn.Module):
    def forward(self, x):
        return x.sin().sum(dim=1)


ep = torch.export.export(RowSum(), (torch.randn(3, 10),), dynamic_shapes={"x": {1: Dim("cols")}}, strict=True)
print(tuple(ep.module()(torch.randn(3, 17)).shape))
