"""torch.export.export(strict=True) of a module with a Sequential and a buffer, returning a single tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
        self.register_buffer("offset", torch.ones(2))

    def forward(self, x):
        return self.body(x) - self.offset


ep = torch.export.export(Net(), (torch.randn(5, 4),), strict=True)
print(tuple(ep.module()(torch.randn(5, 4)).shape))
