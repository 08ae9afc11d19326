"""forward uses self.weight parameters directly with F.linear and matmul.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Manual(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(3, 5))
        self.bias = nn.Parameter(torch.zeros(3))
        self.gain = nn.Parameter(torch.ones(()))

    def forward(self, x):
        return F.linear(x, self.weight, self.bias) * self.gain + x @ self.weight.t()


opt = torch.compile(Manual(), backend="eager")
out = opt(torch.randn(4, 5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
