"""nn.ModuleList walked with enumerate, zip, reversed and len.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Ladder(nn.Module):
    def __init__(self, n=3):
        super().__init__()
        self.up = nn.ModuleList(nn.Linear(4, 4) for _ in range(n))
        self.gates = nn.ModuleList(nn.Linear(4, 1) for _ in range(n))

    def forward(self, x):
        skips = []
        for i, layer in enumerate(self.up):
            x = layer(x) + i
            skips.append(x)
        for layer, gate in zip(self.up, self.gates):
            x = x * torch.sigmoid(gate(x))
        for layer, skip in zip(reversed(self.up), reversed(skips)):
            x = layer(x) + skip
        return x / len(self.up)


opt = torch.compile(Ladder(), backend="eager")
out = opt(torch.randn(2, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
