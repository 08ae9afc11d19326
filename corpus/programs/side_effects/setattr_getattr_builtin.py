"""setattr/getattr/hasattr builtins on a user object.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Box:
    pass


def fn(x, box):
    setattr(box, "scale", 2.0)
    if hasattr(box, "scale"):
        x = x * getattr(box, "scale")
    return x + getattr(box, "missing", 1.0)


opt = torch.compile(fn, backend="eager")
box = Box()
out = opt(torch.randn(3), box)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(box.scale)
