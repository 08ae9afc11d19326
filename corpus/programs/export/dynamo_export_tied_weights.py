"""torch._dynamo.export of a module whose two submodules share one Parameter (tied weights): one get_attr for both.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Tied(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(4, 4, bias=False)
        self.dec = torch.nn.Linear(4, 4, bias=False)
        self.dec.weight = self.enc.weight

    def forward(self, x):
        return self.dec(self.enc(x).relu())


gm, guards = torch._dynamo.export(Tied(), assume_static_by_default=True)(torch.randn(2, 4))
print(tuple(gm(torch.randn(2, 4)).shape))
