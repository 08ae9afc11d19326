"""nn.Sequential sliced into a prefix and indexed from the end inside forward.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 2))

    def forward(self, x):
        features = self.net[:3](x)
        last = self.net[-1]
        return last(torch.relu(features)), features.mean()


opt = torch.compile(Probe(), backend="eager")
out, feat = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4), round(feat.item(), 4))
