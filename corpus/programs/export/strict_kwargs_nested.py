"""torch.export.export(strict=True) with keyword inputs holding a list and a dict: the in_spec's kwargs dict has nested children.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Weighted(torch.nn.Module):
    def forward(self, x, *, weights, extra):
        out = x
        for w in weights:
            out = out * w
        return out + extra["bias"]


kwargs = {"weights": [torch.randn(2), torch.randn(2)], "extra": {"bias": torch.randn(2)}}
ep = torch.export.export(Weighted(), (torch.randn(2),), kwargs, strict=True)
print(tuple(ep.module()(torch.randn(2), **kwargs).shape))
