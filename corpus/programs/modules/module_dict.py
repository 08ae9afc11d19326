"""nn.ModuleDict looked up by constant keys and iterated with items().

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"cls": nn.Linear(4, 3), "reg": nn.Linear(4, 1)})

    def forward(self, x):
        out = {name: head(x) for name, head in self.heads.items()}
        return out["cls"].sum(-1) + self.heads["reg"](x).squeeze(-1)


opt = torch.compile(Heads(), backend="eager")
out = opt(torch.randn(5, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
