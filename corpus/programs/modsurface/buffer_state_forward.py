"""register_buffer'd state (a fixed positional table and a mask) used in forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class PosEncoder(nn.Module):
    def __init__(self, length=5, dim=4):
        super().__init__()
        pos = torch.arange(length, dtype=torch.float32).unsqueeze(1)
        freq = torch.arange(dim, dtype=torch.float32).unsqueeze(0) + 1.0
        self.register_buffer("table", torch.sin(pos / freq))
        self.register_buffer("mask", torch.tril(torch.ones(length, length)), persistent=False)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        x = x + self.table[: x.shape[1]]
        att = self.mask[: x.shape[1], : x.shape[1]]
        return self.proj(att @ x)


opt = torch.compile(PosEncoder(), backend="eager")
out = opt(torch.randn(2, 5, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
