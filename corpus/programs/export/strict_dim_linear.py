"""torch.export.export(strict=True) of a Linear with a dynamic batch Dim; the feature dim stays static.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.export import Dim

torch.manual_seed(0)


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(5, 3)

    def forward(self, x):
        return self.proj(x).softmax(dim=-1)


ep = torch.export.export(Head(), (torch.randn(8, 5),), dynamic_shapes={"x": {0: Dim("batch", max=1024)}}, strict=True)
print(tuple(ep.module()(torch.randn(3, 5)).shape))
