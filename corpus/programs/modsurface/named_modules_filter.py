"""named_modules() filtered by type and by name, as people do to find layers.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.act = nn.GELU()

    def forward(self, x):
        return self.act(self.fc(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Block()
        self.dec = Block()
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        h = self.head(self.dec(self.enc(x)))
        linear_norms = []
        for name, m in self.named_modules():
            if isinstance(m, nn.Linear) and not name.startswith("head"):
                linear_norms.append(m.weight.abs().sum())
        return h.sum(-1) + torch.stack(linear_norms).sum()


opt = torch.compile(Net(), backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
