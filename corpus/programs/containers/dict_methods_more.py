"""Dict methods beyond get/keys/values/items/update/setdefault, on dicts built in the
frame: pop (with and without a default), copy, clear and popitem; a pre-existing dict
is only read.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

STATE = {"scale": 2.0, "shift": 1.0}


def fn(x):
    cfg = {"a": 1, "b": 2, "c": 3}
    a = cfg.pop("a")
    missing = cfg.pop("z", 10)
    snapshot = cfg.copy()
    last_key, last = snapshot.popitem()
    cfg.clear()
    y = x * STATE["scale"] + a + missing + last + len(cfg) + len(snapshot)
    return y, last_key


opt = torch.compile(fn, backend="eager")
y, k = opt(torch.randn(3))
print(tuple(y.shape), round(y.sum().item(), 4), k)
