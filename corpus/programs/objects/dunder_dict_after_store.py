"""obj.__dict__ of a pre-existing object read after attribute stores inside the compiled
function: the stored values (the side-effects table) and the recorded instance dict's
other keys, through L['b'].__dict__['w'] (SideEffectsProxyDict).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch


class Box:
    def __init__(self):
        self.w = 3
        self.scale = torch.ones(2)


@torch.compile(backend="eager")
def g(b, x):
    b.v = x + 1
    d = b.__dict__
    return d.get("v") * d["w"] + d.get("scale"), "v" in d, d.get("missing", 7)


b = Box()
out, has, miss = g(b, torch.arange(2.0))
print(out.tolist(), has, miss, b.v.tolist())
