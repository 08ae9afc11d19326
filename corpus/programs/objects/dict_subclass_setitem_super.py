"""A pre-existing OrderedDict subclass (a ModelOutput-like record) filled inside a compiled
function: super().__setitem__ writes its dict (the dict_vt, rebuilt after the graph with
the object), super().__setattr__ its attributes, and self.__dict__.get reads the
attributes stored while tracing (SideEffectsProxyDict).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch


class Output(collections.OrderedDict):
    def set_field(self, name, value):
        super().__setitem__(name, value)
        super().__setattr__(name, value)

    def stored(self, name):
        return self.__dict__.get(name)


@torch.compile(backend="eager")
def fill(out, x):
    out.set_field("loss", x.sum())
    out.set_field("logits", x * 2)
    return out.stored("loss") + 1, out.stored("logits") is None


out = Output()
r, none = fill(out, torch.arange(6.0).reshape(2, 3))
print(list(out.keys()), round(out.loss.item(), 3), tuple(out["logits"].shape), r.item(), none)
