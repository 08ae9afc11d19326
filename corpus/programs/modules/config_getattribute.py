"""A config object whose class overrides __getattribute__ (the attribute_map idiom of
model configs), read from a global and from a module attribute: Dynamo inlines the
__getattribute__, and super().__getattribute__ is object's generic lookup.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Config:
    attribute_map = {"hidden": "hidden_size"}

    def __init__(self):
        self.hidden_size = 4
        self.scale = 2.0

    def __getattribute__(self, key):
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)


config = Config()


def fn(x):
    return x * config.scale + config.hidden


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.config = Config()

    def forward(self, x):
        return x * self.config.hidden_size + self.config.hidden


a = torch.compile(fn, backend="eager")(torch.randn(3))
b = torch.compile(Block(), backend="eager")(torch.randn(3))
print(tuple(a.shape), round(a.sum().item(), 4), round(b.sum().item(), 4))
