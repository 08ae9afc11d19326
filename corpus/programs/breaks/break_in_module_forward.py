"""A print inside a submodule's forward breaks the model's graph.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Loud(nn.Module):
    def forward(self, x):
        print("loud forward")
        return x * 2


model = nn.Sequential(nn.Linear(4, 4), Loud(), nn.Linear(4, 2))
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
