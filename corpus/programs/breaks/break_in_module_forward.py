"""A print inside a submodule's forward breaks the model's graph.

scope: part2
expect: 1 graph, 2 breaks, 0 recompiles; the break inside Sequential's loop makes Dynamo skip that
frame (the Linears run eagerly); Loud.forward breaks at its first line and only its resume
function (x * 2) is a graph
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
