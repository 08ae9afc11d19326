"""torch.cond in nn.Module.forward with bound methods as branches; parameters lifted as inputs.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Gate(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.register_buffer("offset", torch.full((4,), 0.5))

    def grow(self, x):
        return self.lin(x) + self.offset

    def shrink(self, x):
        return x - self.offset

    def forward(self, x):
        return torch.cond(x.sum() > 0, self.grow, self.shrink, (x,))


torch.manual_seed(0)
m = Gate()
opt = torch.compile(m, backend="eager")
with torch.no_grad():
    out = opt(torch.randn(2, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
