"""A class whose Python metaclass overrides only __setattr__ (as transformers'
ModelOutput metaclass does): read and constructed while tracing like a plain class;
the recorder keeps the metaclass with its dict (Class.metaclassRef).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class RenamingMeta(type):
    def __setattr__(cls, name, value):
        super().__setattr__(name, value)


class Config(metaclass=RenamingMeta):
    factor = 3

    def __init__(self, bias):
        self.bias = bias


def fn(x):
    c = Config(2)
    return x * Config.factor + c.bias


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
