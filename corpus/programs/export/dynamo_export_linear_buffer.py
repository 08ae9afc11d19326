"""torch._dynamo.export of a module with a Linear and a registered buffer: install_free_tensors makes them get_attr nodes.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)
        self.register_buffer("shift", torch.ones(3))

    def forward(self, x):
        return self.lin(x).relu() + self.shift


gm, guards = torch._dynamo.export(M(), assume_static_by_default=True)(torch.randn(2, 4))
print(tuple(gm(torch.randn(2, 4)).shape))
