"""torch.export.export(strict=True) with a Python float and a bool among the inputs: under export's specialize_int / specialize_float they are constants of the graph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Affine(torch.nn.Module):
    def forward(self, x, alpha, flip):
        y = x * alpha
        return -y if flip else y


ep = torch.export.export(Affine(), (torch.randn(3), 2.5, True), strict=True)
print(tuple(ep.module()(torch.randn(3), 2.5, True).shape))
