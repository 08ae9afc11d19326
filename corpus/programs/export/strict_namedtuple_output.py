"""torch.export.export(strict=True) returning a namedtuple: tree_flatten's _get_node_type answers collections.namedtuple for it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch

torch.manual_seed(0)

Out = collections.namedtuple("Out", ["low", "high"])


class Clamp(torch.nn.Module):
    def forward(self, x):
        return Out(x.clamp(max=0), x.clamp(min=0))


ep = torch.export.export(Clamp(), (torch.randn(4),), strict=True)
r = ep.module()(torch.randn(4))
print(type(r).__name__, tuple(r[0].shape))
