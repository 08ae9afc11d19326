"""Sequentials nested in a Sequential, with indexing model[0][1].

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


model = nn.Sequential(
    nn.Sequential(nn.Linear(4, 4), nn.Tanh()),
    nn.Sequential(nn.Linear(4, 2), nn.Sigmoid()),
)


def fn(x):
    h = model[0][1](model[0][0](x))
    return model[1](h) + model(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
