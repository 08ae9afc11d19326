"""A module with registered buffers read in forward (persistent and not).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Normalize(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.5, -0.5, 0.0]))
        self.register_buffer("inv_std", torch.tensor([2.0, 1.0, 4.0]), persistent=False)

    def forward(self, x):
        return (x - self.mean) * self.inv_std


opt = torch.compile(Normalize(), backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
