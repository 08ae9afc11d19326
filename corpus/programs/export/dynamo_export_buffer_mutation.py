"""torch._dynamo.export of a module updating a buffer in place (a running sum): the mutation traced on the get_attr buffer.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Running(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("total", torch.zeros(3))

    def forward(self, x):
        self.total.add_(x.sum(0))
        return x - self.total


gm, guards = torch._dynamo.export(Running(), assume_static_by_default=True)(torch.randn(2, 3))
print(tuple(gm(torch.randn(2, 3)).shape))
