"""A Python property read on a user object: its getter is inlined with the object.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Base:
    def __init__(self, width):
        self.width = width

    @property
    def doubled(self):
        return self.width * 2


class Cfg(Base):
    @property
    def scale(self):
        return 0.5 if self.doubled > 4 else 2.0


def fn(x, cfg):
    return x * cfg.scale + cfg.doubled


cfg = Cfg(3)
opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), cfg)
print(tuple(out.shape), round(out.sum().item(), 4))
