"""torch.export.export(strict=True) returning one of its inputs unchanged next to a computed tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Keep(torch.nn.Module):
    def forward(self, x, y):
        return x, y.cos()


ep = torch.export.export(Keep(), (torch.randn(3), torch.randn(3)), strict=True)
a, b = ep.module()(torch.randn(3), torch.randn(3))
print(tuple(a.shape), tuple(b.shape))
