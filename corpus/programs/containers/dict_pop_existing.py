"""dict.pop on a pre-existing (global) dict: Dynamo marks the dict for reconstruction,
guards its remaining values as it writes it back, and the removed value only by type
(TYPE_MATCH: a lazy constant nothing reads; a use would realise it, CONSTANT_MATCH).
The core models both (dicts.cpp dictPop, lazy.cpp's TYPE_MATCH subsumed on realising).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

STATE = {"scale": 2.0, "shift": 1.0, "stale": 0}


def fn(x):
    STATE.pop("stale")
    return x * STATE["scale"]


opt = torch.compile(fn, backend="eager")
y = opt(torch.randn(3))
print(tuple(y.shape), round(y.sum().item(), 4), sorted(STATE))
