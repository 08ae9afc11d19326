"""torch.export.export(strict=True) of a module calling torch.cond: the cond subgraphs under export=True.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Gate(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: self.lin(t), lambda t: t - 1.0, (x,))


ep = torch.export.export(Gate(), (torch.randn(2, 3),), strict=True)
out = ep.module()(torch.randn(2, 3))
print(tuple(out.shape))
