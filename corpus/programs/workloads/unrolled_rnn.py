"""A GRU-style cell written by hand and unrolled over 6 fixed time steps.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Cell(nn.Module):
    def __init__(self, d_in=8, d_h=12):
        super().__init__()
        self.x2h = nn.Linear(d_in, 3 * d_h)
        self.h2h = nn.Linear(d_h, 3 * d_h)

    def forward(self, x, h):
        xr, xz, xn = self.x2h(x).chunk(3, -1)
        hr, hz, hn = self.h2h(h).chunk(3, -1)
        r = torch.sigmoid(xr + hr)
        z = torch.sigmoid(xz + hz)
        n = torch.tanh(xn + r * hn)
        return (1 - z) * n + z * h


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = Cell()
        self.out = nn.Linear(12, 2)

    def forward(self, seq):
        h = torch.zeros(seq.shape[0], 12)
        for t in range(seq.shape[1]):
            h = self.cell(seq[:, t], h)
        return self.out(h)


model = Encoder().eval()
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(3, 6, 8))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
