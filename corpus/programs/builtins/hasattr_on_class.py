"""hasattr() on a user class (HASATTR guards on the class), for an attribute it defines,
one a base class defines, and one nobody defines.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Base:
    eps = 1e-5


class Layer(Base):
    width = 4


def fn(x):
    if hasattr(Layer, "width"):
        x = x * Layer.width
    if hasattr(Layer, "eps"):
        x = x + 1
    if hasattr(Layer, "depth"):
        x = x - 100
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
