"""nn.ParameterList and nn.ParameterDict iterated and indexed in forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Mixture(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights = nn.ParameterList([nn.Parameter(torch.randn(3)) for _ in range(3)])
        self.extra = nn.ParameterDict({"gain": nn.Parameter(torch.ones(3))})

    def forward(self, x):
        out = x
        for w in self.weights:
            out = out * w
        return out * self.extra["gain"] + self.weights[0]


opt = torch.compile(Mixture(), backend="eager")
out = opt(torch.randn(2, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
