"""torch while_loop in a module's forward whose body applies a Linear (its parameters lifted into body_fn_0).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, n, x):
        def cond_fn(i, h):
            return i < n

        def body_fn(i, h):
            return i + 1, torch.tanh(self.lin(h))

        return while_loop(cond_fn, body_fn, (torch.zeros((), dtype=torch.int64), x))


net = Net()
opt = torch.compile(net, backend="eager")
with torch.no_grad():
    i, h = opt(torch.tensor(3), torch.randn(2, 4))
print(int(i), tuple(h.shape), round(h.double().sum().item(), 4))
