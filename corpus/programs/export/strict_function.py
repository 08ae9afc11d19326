"""torch.export.export(strict=True) of a module whose forward calls a helper with a closure and a list: ordinary tracing under export=True.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def make_scaler(k):
    def scale(t):
        return t * k

    return scale


class Acc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = make_scaler(3.0)

    def forward(self, x):
        acc = []
        for i in range(3):
            acc.append(self.scale(x) + i)
        return torch.stack(acc).sum(0)


ep = torch.export.export(Acc(), (torch.randn(4),), strict=True)
print(tuple(ep.module()(torch.randn(4)).shape))
