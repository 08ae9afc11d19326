"""An nn.Module constructed while tracing after the frame built a collections.OrderedDict:
nn.Module.__init__'s global OrderedDict is the class already wrapped (DUPLICATE_INPUT).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch
from torch import nn

torch.manual_seed(0)


class Scale(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x * self.k


def fn(x):
    d = collections.OrderedDict(a=1)
    return Scale(3.0)(x) + d["a"]


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(4))
print(tuple(out.shape), round(out.sum().item(), 4))
