"""locals() and vars() with no argument inside a compiled function: a new dict of the frame's locals in their order (_call_frame_locals_snapshot), read by key and by iteration.

scope: part1
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f0(x, scale):
    y = x * scale
    z = y + 1
    snap = locals()
    return snap["z"] - snap["y"], len(snap), list(snap)


def f1(x):
    h = x.relu()
    names = vars()
    return names["h"] * 2, sorted(names)


out = torch.compile(f0, backend="eager")(torch.randn(3), 2.0)
print('f0', round(out[0].sum().item(), 4), out[1], out[2])
out = torch.compile(f1, backend="eager")(torch.randn(3))
print('f1', round(out[0].sum().item(), 4), out[1])
