"""A forward hook and a forward pre-hook registered on a compiled module.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


lin = nn.Linear(3, 3)
lin.register_forward_pre_hook(lambda mod, args: (args[0] * 2,))
lin.register_forward_hook(lambda mod, args, out: out + 1)
opt = torch.compile(lin, backend="eager")
out = opt(torch.randn(2, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
