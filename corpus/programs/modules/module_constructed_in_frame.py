"""nn.Module subclasses constructed while tracing: one without an __init__ of its own
(nn.Module.__init__ found on the MRO), one whose __init__ stores a tensor made in the frame
and an int, both reading a class variable through the new object (cls_source), then called.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch import nn

torch.manual_seed(0)


class Offset(nn.Module):
    shift = 2

    def forward(self, x):
        return x + self.shift


class Mix(nn.Module):
    scale = 0.5

    def __init__(self, w, n):
        super().__init__()
        self.w = w * 2
        self.n = n

    def forward(self, x):
        return (x * self.w).sum(-1) * self.scale + self.n


def fn(x, w):
    a = Offset()(x)
    return Mix(w, 3)(a)


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(2, 4), torch.rand(4))
print(tuple(out.shape), round(out.sum().item(), 4))
