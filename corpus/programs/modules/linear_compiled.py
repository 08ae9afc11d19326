"""An nn.Linear compiled directly; weight and bias become graph inputs.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


lin = nn.Linear(6, 3)
opt = torch.compile(lin, backend="eager")
out = opt(torch.randn(4, 6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
