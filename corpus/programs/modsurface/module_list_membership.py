"""ModuleList membership (`in`), len(), negative indexing and a loop that skips one layer.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Skipper(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(4))
        self.extra = nn.Linear(4, 4)

    def forward(self, x):
        last = self.layers[-1]
        for layer in self.layers:
            if layer is last:
                continue
            x = torch.relu(layer(x))
        flag = self.extra in self.layers
        return last(x) * len(self.layers) + int(flag)


opt = torch.compile(Skipper(), backend="eager")
out = opt(torch.randn(2, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
