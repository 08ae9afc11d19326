"""Configuration dicts compared inside the compiled function: dict == dict and dict != dict (Dynamo inlines polyfills.dict___eq__, which compares the key views with polyfills.dictview_richcompare) and an options dict's keys() compared with a set of expected names (dictview_richcompare).

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def activation(x, act, scale):
    cfg = dict(act=act, scale=scale)
    if cfg == {"act": "relu", "scale": 2}:
        return torch.relu(x) * 2
    return x * scale


def residual(x):
    new = {"depth": 4, "width": 8}
    old = {"depth": 4, "width": 16}
    if new != old:
        return x + x.mean()
    return x


def affine(x, opts):
    if opts.keys() == {"scale", "shift"}:
        return x * opts["scale"] + opts["shift"]
    return x


out = torch.compile(activation, backend="eager")(torch.randn(3), "relu", 2)
print(tuple(out.shape), round(out.sum().item(), 4))
out = torch.compile(residual, backend="eager")(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
out = torch.compile(affine, backend="eager")(torch.randn(3), {"scale": 2.0, "shift": 1.0})
print(tuple(out.shape), round(out.sum().item(), 4))
