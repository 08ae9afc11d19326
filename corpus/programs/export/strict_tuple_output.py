"""torch.export.export(strict=True) returning a nested tuple: tree_flatten of the output builds TreeSpecs for both tuples.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Pair(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 2)

    def forward(self, x):
        y = self.lin(x)
        return y.relu(), (y.sigmoid(), x.sum())


ep = torch.export.export(Pair(), (torch.randn(4, 3),), strict=True)
r, (s, t) = ep.module()(torch.randn(4, 3))
print(tuple(r.shape), tuple(s.shape), tuple(t.shape))
