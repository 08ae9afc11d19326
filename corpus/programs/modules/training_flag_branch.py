"""forward branches on self.training; the module is in eval mode.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Noisy(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.drop = nn.Dropout(0.5)

    def forward(self, x):
        h = self.drop(self.lin(x))
        if self.training:
            return h * 2
        return h


mod = Noisy().eval()
opt = torch.compile(mod, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
