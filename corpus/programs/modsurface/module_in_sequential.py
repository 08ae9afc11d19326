"""Membership of a submodule in an nn.Sequential (`in`, no __contains__: Dynamo iterates the container through polyfills.impl_CONTAINS_OP_fallback and stops at the first equal item): a shared activation found early, a separate head not found.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = nn.ReLU()
        self.body = nn.Sequential(nn.Linear(4, 4), self.act, nn.Linear(4, 4), nn.Tanh())
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        y = self.body(x)
        if self.act in self.body:
            y = y + self.act(x)
        if self.head not in self.body:
            y = self.head(y)
        return y


opt = torch.compile(Tower(), backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
