"""An nn.Module subclass built during tracing calls super().__init__() via its __class__ cell.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Scale(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, t):
        return t * self.k


def fn(x):
    m = Scale(3.0)
    return m(x) + 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
