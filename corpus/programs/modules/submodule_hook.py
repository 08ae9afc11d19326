"""A forward hook on a submodule of the compiled module.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 2)

    def forward(self, x):
        return self.b(self.a(x).relu())


net = Net()
net.a.register_forward_hook(lambda mod, args, out: out * 0.5)
opt = torch.compile(net, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
