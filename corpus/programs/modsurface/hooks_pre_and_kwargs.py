"""Hooks on submodules: a forward pre-hook returning a replacement input, a pre-hook
with_kwargs=True returning (args, kwargs), a forward hook with_kwargs=True, and an
observing hook returning None.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, bias=0.0):
        return self.lin(x) + bias


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(4, 4)
        self.gate = Gate()
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        h = self.inp(x)
        h = self.gate(h, bias=1.0)
        return self.out(h)


def clamp_input(module, args):
    return args[0].clamp(-1.0, 1.0)


def shift_bias(module, args, kwargs):
    return args, {"bias": kwargs["bias"] * 3}


def add_kw(module, args, kwargs, output):
    return output + kwargs["bias"]


def watch(module, args, output):
    return None


net = Net()
net.inp.register_forward_pre_hook(clamp_input)
net.gate.register_forward_pre_hook(shift_bias, with_kwargs=True)
net.gate.register_forward_hook(add_kw, with_kwargs=True)
net.out.register_forward_hook(watch)
opt = torch.compile(net, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
