"""torch.cond whose branches are submodules (nn.Linear / nn.Sequential) called on the operand.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Router(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.left = torch.nn.Linear(3, 3)
        self.right = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU())

    def forward(self, x):
        return torch.cond(x.mean() > 0, self.left, self.right, (x,))


m = Router()
opt = torch.compile(m, backend="eager")
with torch.no_grad():
    out = opt(torch.randn(2, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
