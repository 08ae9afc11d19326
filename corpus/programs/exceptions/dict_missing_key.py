"""A KeyError raised by a dict lookup (input dict and local dict), caught by the caller.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def lookup(table, key, default):
    try:
        return table[key]
    except KeyError as e:
        return default + len(e.args)


def fn(x, cfg):
    local = {"w": 2.0}
    scale = lookup(cfg, "scale", 1.0) * lookup(local, "bias", 0.5)
    try:
        local.pop("missing")
    except KeyError:
        scale = scale + 1
    return x * scale + lookup(local, "w", 0.0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3), {"shift": 3})
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
