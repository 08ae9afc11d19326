"""A forward hook on a submodule that rescales its output, called from the parent.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.out = nn.Linear(4, 1)

    def forward(self, x):
        return self.out(torch.relu(self.body(x)))


def halve(module, inputs, output):
    return output * 0.5


net = Net()
net.body.register_forward_hook(halve)
opt = torch.compile(net, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
