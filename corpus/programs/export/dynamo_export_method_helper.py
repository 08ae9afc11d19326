"""torch._dynamo.export of a module whose forward calls its own helper method over a ModuleList.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([torch.nn.Linear(4, 4) for _ in range(2)])

    def block(self, layer, h):
        return torch.nn.functional.silu(layer(h)) + h

    def forward(self, x):
        for layer in self.layers:
            x = self.block(layer, x)
        return x


gm, guards = torch._dynamo.export(Stack(), assume_static_by_default=True)(torch.randn(2, 4))
print(tuple(gm(torch.randn(2, 4)).shape))
