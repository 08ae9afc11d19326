"""A ModuleList sliced in forward (ModuleList.__getitem__ with a slice constructs a new
ModuleList while tracing), then iterated.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch import nn

torch.manual_seed(0)


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
        self.n = 2

    def forward(self, x):
        for layer in self.layers[: self.n]:
            x = torch.relu(layer(x))
        return x


m = Stack()
opt = torch.compile(m, backend="eager")
out = opt(torch.rand(2, 4))
print(tuple(out.shape), round(out.sum().item(), 4))
