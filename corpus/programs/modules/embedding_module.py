"""nn.Embedding and nn.LayerNorm modules in a custom forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(10, 6)
        self.norm = nn.LayerNorm(6)

    def forward(self, ids):
        return self.norm(self.tok(ids))


opt = torch.compile(Embed(), backend="eager")
out = opt(torch.tensor([[1, 5, 9], [0, 2, 2]]))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
