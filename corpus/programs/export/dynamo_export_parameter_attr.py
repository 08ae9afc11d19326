"""torch._dynamo.export of a module using its own nn.Parameter and a plain tensor attribute directly.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Affine(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(3, 3))
        self.table = torch.arange(3.0)

    def forward(self, x):
        return x @ self.weight.t() + self.table


gm, guards = torch._dynamo.export(Affine(), assume_static_by_default=True)(torch.randn(2, 3))
print(tuple(gm(torch.randn(2, 3)).shape))
