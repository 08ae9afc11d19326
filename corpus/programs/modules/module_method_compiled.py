"""A non-forward module method compiled as a bound method.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 1)

    def score(self, x, temperature=2.0):
        return (self.lin(x) / temperature).sigmoid()


s = Scorer()
opt = torch.compile(s.score, backend="eager")
out = opt(torch.randn(6, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
