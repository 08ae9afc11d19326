"""torch.utils._pytree.tree_map over a tuple holding a list, a dict, None and an int: Dynamo maps the trackers (its tree_map fast path) instead of inlining pytree.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.utils._pytree as pytree

torch.manual_seed(0)


def double(v):
    if isinstance(v, torch.Tensor):
        return v * 2
    return v


def fn(x, y, z):
    out = pytree.tree_map(double, (x, [y, None], {"k": z, "n": 3}))
    a, (b, none), d = out
    return a + b + d["k"] * d["n"]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
