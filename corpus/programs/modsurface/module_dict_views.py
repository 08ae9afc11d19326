"""nn.ModuleDict iterated directly and through keys(), values() and items().

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class MultiTask(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(4, 8)
        self.heads = nn.ModuleDict({
            "cls": nn.Linear(8, 3),
            "reg": nn.Linear(8, 1),
            "aux": nn.Linear(8, 2),
        })

    def forward(self, x):
        h = torch.relu(self.trunk(x))
        outs = {name: head(h) for name, head in self.heads.items()}
        widths = sum(head.out_features for head in self.heads.values())
        keys = [k for k in self.heads if k != "aux"]
        total = sum(outs[k].sum() for k in self.heads.keys())
        return total + widths + len(keys)


opt = torch.compile(MultiTask(), backend="eager")
out = opt(torch.randn(2, 4))
print(out.dtype, round(out.item(), 4))
