"""A user object whose __getattr__ computes missing attributes.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Defaults:
    def __init__(self):
        self.scale = 2.0

    def __getattr__(self, name):
        if name.startswith("shift_"):
            return float(name[len("shift_"):])
        raise AttributeError(name)


def fn(x, cfg):
    return x * cfg.scale + cfg.shift_3


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), Defaults())
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
