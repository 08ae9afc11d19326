"""A custom module iterating an nn.ModuleList in forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(5, 5) for _ in range(3)])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x) + x * i
        return x


opt = torch.compile(Stack(), backend="eager")
out = opt(torch.randn(2, 5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
