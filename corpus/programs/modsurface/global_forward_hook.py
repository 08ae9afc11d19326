"""A global forward hook (register_module_forward_hook) counting calls, removed after.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

calls = []


def count(module, args, output):
    calls.append(type(module).__name__)


handle = nn.modules.module.register_module_forward_hook(count)
model = nn.Sequential(nn.Linear(3, 3), nn.Tanh())
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(2, 3))
handle.remove()
print(tuple(out.shape), round(out.double().sum().item(), 4), len(calls))
