"""torch.export.export(strict=True) with one Dim shared by two inputs (dynamic_shapes as a tuple): both batch dims are symbolic.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.export import Dim

torch.manual_seed(0)


class Add(torch.nn.Module):
    def forward(self, x, y):
        return (x + y).relu()


n = Dim("n", min=2, max=128)
ep = torch.export.export(Add(), (torch.randn(6, 4), torch.randn(6, 4)), dynamic_shapes=({0: n}, {0: n}), strict=True)
print(tuple(ep.module()(torch.randn(9, 4), torch.randn(9, 4)).shape))
