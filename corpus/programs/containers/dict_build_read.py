"""Building a dict, reading keys, get() with default, membership.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    d = {"a": x, "b": x.sin()}
    d["c"] = d["a"] + d["b"]
    extra = d.get("missing", 1.0)
    return d["c"] * extra if "c" in d else x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 2))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
