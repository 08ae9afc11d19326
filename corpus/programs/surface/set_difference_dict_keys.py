"""State-dict key checks (as load_state_dict reports missing and unexpected keys): set.difference, symmetric_difference and isdisjoint whose argument is the keys() view of a dict holding tensors (no Python constant, so Dynamo inlines polyfills.set_difference / set_symmetric_difference / set_isdisjoint, with the guards of their global reads).

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def missing_keys(x, w):
    state = {"weight": w, "bias": x}
    missing = {"weight", "bias", "running_mean"}.difference(state.keys())
    return x * len(missing)


def mismatched_keys(x, w):
    state = {"weight": w, "scale": x}
    mismatched = {"weight", "bias"}.symmetric_difference(state.keys())
    return x + w * len(mismatched)


def no_frozen_keys(x, w):
    state = {"weight": w, "bias": x}
    if {"running_mean", "running_var"}.isdisjoint(state.keys()):
        return x - w
    return x + w


for fn in (missing_keys, mismatched_keys, no_frozen_keys):
    out = torch.compile(fn, backend="eager")(torch.randn(3), torch.randn(3))
    print(fn.__name__, tuple(out.shape), round(out.sum().item(), 4))
