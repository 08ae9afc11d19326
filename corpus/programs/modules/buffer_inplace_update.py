"""A module updates a running buffer in place during forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Running(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("avg", torch.zeros(3))

    def forward(self, x):
        self.avg.mul_(0.9).add_(0.1 * x.mean(0))
        return x - self.avg


mod = Running()
opt = torch.compile(mod, backend="eager")
out = opt(torch.randn(5, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(round(mod.avg.sum().item(), 4))
