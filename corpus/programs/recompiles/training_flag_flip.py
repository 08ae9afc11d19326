"""A module switched from train() to eval() between calls.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.drop = nn.Dropout(0.5)

    def forward(self, x):
        return self.drop(self.lin(x))


mod = Block()
opt = torch.compile(mod, backend="eager")
mod.train()
a = opt(torch.randn(2, 4))
mod.eval()
b = opt(torch.randn(2, 4))
print(tuple(a.shape))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
