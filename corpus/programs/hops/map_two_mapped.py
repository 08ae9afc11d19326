"""torch._higher_order_ops.map over two stacked tensors at once (a tuple of xs), with a module parameter.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.map import map as hop_map

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(3))

    def forward(self, xs, ys):
        return hop_map(lambda pair: pair[0] * self.w + pair[1], (xs, ys))


opt = torch.compile(Net(), backend="eager")
with torch.no_grad():
    out = opt(torch.randn(2, 3), torch.randn(2, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
