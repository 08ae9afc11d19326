"""torch._dynamo.export of a module with its default dynamic shapes (every input dim symbolic): parameters keep static sizes.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 2)

    def forward(self, x):
        return self.lin(x).sigmoid()


gm, guards = torch._dynamo.export(M())(torch.randn(3, 4))
print(tuple(gm(torch.randn(5, 4)).shape))
