"""torch.utils.checkpoint.checkpoint around a submodule call (its parameters lifted into wrap_body_0).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        h = checkpoint(self.lin, x, use_reentrant=False)
        return torch.relu(h) * 2


net = Net()
opt = torch.compile(net, backend="eager")
out = opt(torch.randn(2, 3, requires_grad=True))
out.sum().backward()
print(tuple(out.shape), round(out.double().sum().item(), 4), round(net.lin.weight.grad.double().sum().item(), 4))
