"""hasattr / getattr-with-default on a submodule for names it does not have: Dynamo looks
through the module's _parameters, _modules and _buffers before answering False.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Sub(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3))

    def forward(self, x):
        return x * self.w


class Top(nn.Module):
    def __init__(self):
        super().__init__()
        self.sub = Sub()

    def forward(self, x):
        y = self.sub(x)
        if hasattr(self.sub, "missing"):
            y = y + 1
        return y + getattr(self.sub, "gain", 2)


opt = torch.compile(Top(), backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
