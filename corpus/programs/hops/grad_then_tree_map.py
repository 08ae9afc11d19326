"""torch.func.grad, then torch.utils._pytree.tree_map over a dict in the frame: grad's inlined pytree functions reached the module first, the frame's torch.utils._pytree is a DUPLICATE_INPUT of it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    g = torch.func.grad(lambda r: (r.sin() * 2).sum())(x)
    d = torch.utils._pytree.tree_map(lambda v: v * 3, {"g": g, "y": [y, y + 1]})
    return d["g"] + d["y"][1]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5), torch.randn(5))
print(tuple(out.shape), round(out.double().sum().item(), 4))
