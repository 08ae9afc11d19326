"""itertools.islice over a model's layers to run a middle section, and over a range.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import itertools

import torch
import torch.nn as nn

torch.manual_seed(0)


class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(5))

    def forward(self, x):
        layers = list(self.layers)
        for layer in itertools.islice(layers, 1, 4):
            x = torch.tanh(layer(x))
        scale = sum(itertools.islice(range(10), 2, 8, 3))
        return x * scale


opt = torch.compile(Tower(), backend="eager")
out = opt(torch.randn(2, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
