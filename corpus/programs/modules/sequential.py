"""nn.Sequential of Linear, ReLU, Linear compiled as a whole.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(2, 8))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
