"""Plain Python attributes on a module (ints, floats, strings, tuples) steer forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Configurable(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 0.5
        self.mode = "sum"
        self.dims = (1, 2)
        self.proj = nn.Conv2d(2, 2, 1)

    def forward(self, x):
        y = self.proj(x) * self.scale
        return y.sum(self.dims) if self.mode == "sum" else y.mean(self.dims)


opt = torch.compile(Configurable(), backend="eager")
out = opt(torch.randn(2, 2, 4, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
