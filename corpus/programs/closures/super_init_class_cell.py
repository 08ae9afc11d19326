"""super().__init__() in a class constructed during tracing reads the __class__ cell.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Base:
    def __init__(self, scale):
        self.scale = scale


class Child(Base):
    def __init__(self, scale, shift):
        super().__init__(scale)
        self.shift = shift

    def apply(self, t):
        return t * self.scale + self.shift


def fn(x):
    c = Child(2.0, 1.0)
    return c.apply(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
