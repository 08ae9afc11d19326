"""A full backward hook on a submodule: Dynamo refuses module-level backward hooks
without compiled autograd (a graph break, the frame runs eagerly).

scope: part2
expect: 0 graphs, 1 break, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

grads = []


def record(module, grad_input, grad_output):
    grads.append(grad_output[0].shape)


model = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
model[0].register_full_backward_hook(record)
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(2, 3, requires_grad=True))
out.sum().backward()
print(tuple(out.shape), round(out.double().sum().item(), 4), len(grads))
